import { Anchor, Button, Group, Popover, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formProblem } from '../../api/errors';
import { useSetSiteRejectTarget } from '../../api/fleet';
import { toast } from '../../ui/toast';
import { RejectTargetInput } from '../admin-common/RejectTargetInput';
import { canEditSites } from '../technologists/editors';

/**
 * The site's weekly reject-rate target on the site view (docs/messages.md §2: an alert goes out
 * when a week's reject rate is above it). Whoever may rename the site — its customer
 * administrator among them — changes it here, in place; everyone else reads it.
 */
export function RejectTarget({
  site,
  target,
  isDefault,
}: {
  site: number;
  target: number;
  isDefault: boolean;
}) {
  const [opened, setOpened] = useState(false);
  const text = `reject-rate target ${target} %${isDefault ? ' (default)' : ''}`;
  if (!canEditSites()) return <>{text}</>;
  return (
    <>
      {text}{' '}
      <Popover opened={opened} onChange={setOpened} trapFocus withArrow position="bottom-start" width={300}>
        <Popover.Target>
          <Anchor component="button" type="button" size="sm" onClick={() => setOpened((o) => !o)}>
            Change target
          </Anchor>
        </Popover.Target>
        <Popover.Dropdown>
          {opened && (
            <TargetForm site={site} target={isDefault ? null : target} onDone={() => setOpened(false)} />
          )}
        </Popover.Dropdown>
      </Popover>
    </>
  );
}

function TargetForm({ site, target, onDone }: { site: number; target: number | null; onDone(): void }) {
  const [value, setValue] = useState<string | number>(target ?? '');
  const save = useSetSiteRejectTarget(site);
  const submit = (rejectRateTarget: number | null) =>
    save.mutate(
      { rejectRateTarget },
      {
        onSuccess: (r) => {
          toast({
            type: 'success',
            msg: r.rejectRateTargetDefault
              ? `The site's reject-rate target is the default, ${r.rejectRateTarget} %.`
              : `The site's reject-rate target is ${r.rejectRateTarget} %.`,
          });
          onDone();
        },
      },
    );
  const problem = formProblem(save.error, { labels: { rejectRateTarget: 'Reject-rate target' } });
  return (
    <form
      aria-label="Reject-rate target"
      onSubmit={(e) => {
        e.preventDefault();
        submit(value === '' ? null : Number(value));
      }}
    >
      <Stack gap="xs">
        <RejectTargetInput value={value} onChange={setValue} data-autofocus />
        {problem && (
          <Text c="red" size="sm" role="alert">
            {problem}
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={() => submit(null)} disabled={target === null}>
            Use the default
          </Button>
          <Button type="submit" size="xs" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
