import type { ApprovalItem } from '@kestrel/contract';
import { Card, Group, SegmentedControl, Spoiler, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useApprovals, useDecideApproval } from '../../api/releases';
import { when } from '../../ui/DataState';
import { QueryState } from '../../ui/QueryState';
import { toast } from '../../ui/toast';
import { formProblem } from '../admin-common/form-errors';
import { StateBadge } from '../admin-common/StateBadge';
import { ConfirmButton } from './ConfirmButton';
import { Markdown } from './Markdown';

type Filter = 'pending' | 'approved' | 'declined';
const DECIDED = { approved: 'ok', declined: 'bad', pending: 'wait' } as const;

/**
 * release-approvals: updates waiting for the customer's approval, one per site; the customer
 * admin approves or declines each (docs/releases.md §5).
 */
export default function ApprovalsPage() {
  const [filter, setFilter] = useState<Filter>('pending');
  const approvals = useApprovals(filter);
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Text c="dark.4" maw={640}>
          Software updates for your sites wait here until you approve them. Each site is decided on its own;
          its devices are updated in the site's maintenance window once approved.
        </Text>
        <SegmentedControl
          aria-label="Show approvals"
          value={filter}
          onChange={(v) => setFilter(v as Filter)}
          data={[
            { value: 'pending', label: 'Waiting' },
            { value: 'approved', label: 'Approved' },
            { value: 'declined', label: 'Declined' },
          ]}
        />
      </Group>
      <QueryState query={approvals} what="the approvals" isEmpty={(a) => a.length === 0}>
        {(items) => (
          <Stack gap="md">
            {items.map((a) => (
              <ApprovalCard key={a.id} a={a} />
            ))}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}

function ApprovalCard({ a }: { a: ApprovalItem }) {
  const decide = useDecideApproval();
  const [comment, setComment] = useState('');
  const run = (decision: 'approve' | 'decline') =>
    decide.mutateAsync({ id: a.id, body: { decision, comment: comment.trim() || undefined } }).then(
      () =>
        toast({
          type: 'success',
          msg: `${a.version} for ${a.siteName} was ${decision === 'approve' ? 'approved' : 'declined'}.`,
        }),
      (e) => {
        toast({ type: 'error', msg: formProblem(e).general ?? 'Not decided. Try again.' });
        throw e;
      },
    );
  const headingId = `approval-${a.id}`;
  return (
    <Card
      withBorder
      radius="md"
      component="article"
      aria-labelledby={headingId}
      data-testid={`approval-${a.id}`}
    >
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2} size="h4" id={headingId}>
            {a.version} for {a.siteName}
          </Title>
          <Text size="sm" c="dark.4">
            {a.title} · {a.devices} device{a.devices === 1 ? '' : 's'} · asked {when(a.requestedAt)}
          </Text>
        </div>
        <StateBadge tone={DECIDED[a.state]}>
          {a.state === 'pending' ? 'Waiting for you' : a.state === 'approved' ? 'Approved' : 'Declined'}
        </StateBadge>
      </Group>
      {a.notesMarkdown.trim() ? (
        <Spoiler maxHeight={160} showLabel="Show all notes" hideLabel="Show less" mt="sm">
          <Markdown text={a.notesMarkdown} />
        </Spoiler>
      ) : null}
      {a.state === 'pending' ? (
        <Group align="flex-end" mt="sm">
          <TextInput
            label="Comment (optional)"
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
            maxLength={500}
            flex={1}
          />
          <ConfirmButton
            color="red"
            variant="light"
            title={`Decline ${a.version} for ${a.siteName}?`}
            message="The site's devices keep their version and are not offered this update."
            confirm="Decline"
            onConfirm={() => run('decline')}
          >
            Decline
          </ConfirmButton>
          <ConfirmButton
            color="green"
            title={`Approve ${a.version} for ${a.siteName}?`}
            message={`${a.devices} device(s) at ${a.siteName} will be updated in the site's maintenance window.`}
            confirm="Approve"
            onConfirm={() => run('approve')}
          >
            Approve
          </ConfirmButton>
        </Group>
      ) : (
        <Text size="sm" mt="sm">
          {a.state === 'approved' ? 'Approved' : 'Declined'} {when(a.decidedAt)}
          {a.decidedBy ? ` by ${a.decidedBy}` : ''}
          {a.comment ? `: “${a.comment}”` : ''}
        </Text>
      )}
    </Card>
  );
}
