import { Alert, Button, Group, Text } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useApprovals } from '../../api/releases';

/**
 * The customer admin's task on their home page while updates wait for their approval
 * (docs/releases.md §5); nothing when none waits or the list cannot be had.
 */
export function ApprovalsTask() {
  const pending = useApprovals('pending');
  const items = pending.data ?? [];
  if (items.length === 0) return null;
  const versions = [...new Set(items.map((a) => a.version))].join(', ');
  const sites = new Set(items.map((a) => a.siteId)).size;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconChecklist />}
      title="Software updates wait for your approval"
      data-testid="approvals-task"
      // The light yellow's own title colour does not reach WCAG AA contrast on it.
      styles={{
        title: { color: 'var(--mantine-color-dark-8)' },
        icon: { color: 'var(--mantine-color-dark-8)' },
      }}
    >
      <Group justify="space-between">
        <Text size="sm">
          {items.length} approval{items.length === 1 ? '' : 's'} for {sites} site{sites === 1 ? '' : 's'}:{' '}
          version {versions}.
        </Text>
        <Button component={Link} to="/release-approvals" size="xs">
          Review updates
        </Button>
      </Group>
    </Alert>
  );
}
