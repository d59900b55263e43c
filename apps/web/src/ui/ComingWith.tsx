import { Button, EmptyState, Stack } from '@mantine/core';
import { IconHourglassEmpty } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface Props {
  /** What the page will show. */
  purpose: string;
  /** Which piece of work brings it, e.g. 'the analytics release'. */
  comingWith: string;
  links?: { label: string; to: string }[];
  children?: ReactNode;
}

/** An honest empty state for a page whose data arrives with later work: never a blank page. */
export function ComingWith({ purpose, comingWith, links = [], children }: Props) {
  return (
    <Stack align="center" py="xl" data-testid="coming-with">
      <EmptyState
        icon={<IconHourglassEmpty size={28} aria-hidden />}
        withIndicatorBackground
        title={<h2 style={{ margin: 0, fontSize: 'inherit' }}>No data available yet</h2>}
        description={
          <>
            {purpose} This page is coming with {comingWith}.
          </>
        }
      />
      {children}
      {links.length ? (
        <Stack gap="xs" align="center">
          {links.map((l) => (
            <Button key={l.to} component={Link} to={l.to} variant="light">
              {l.label}
            </Button>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
