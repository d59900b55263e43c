import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LOGIN_PATH } from '../../app/paths';

export function InfoCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card maw={480} mx="auto" mt="xl" p="xl" shadow="sm" withBorder>
      <Stack>
        <Title order={1} size="h3">
          {title}
        </Title>
        <Text>{children}</Text>
        <Anchor component={Link} to={LOGIN_PATH}>
          Back to sign-in
        </Anchor>
      </Stack>
    </Card>
  );
}
