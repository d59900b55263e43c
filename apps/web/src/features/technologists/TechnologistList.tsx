import type { TechnologistRow } from '@kestrel/contract';
import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCurrentSites, useTechnologists, useTechStatus } from '../../api/entities';
import { select } from '../../app/session/selection';
import { QueryState } from '../../ui/QueryState';
import { defaultRange, RangePicker } from '../../ui/RangePicker';
import { toast } from '../../ui/toast';
import { canEditTechnologists } from './editors';
import { SitePicker } from './SitePicker';
import { type Dialog, TechnologistDialogs } from './TechnologistDialogs';
import { TechnologistTable } from './TechnologistTable';
import { useSiteParam } from './useSiteParam';

export default function TechnologistList() {
  const sites = useCurrentSites();
  const { siteId, choose } = useSiteParam(sites.data);
  const [range, setRange] = useState(defaultRange);
  const list = useTechnologists(siteId, range);
  const status = useTechStatus();
  const [dialog, setDialog] = useState<Dialog>(null);
  const editable = canEditTechnologists();

  const setStatus = async (row: TechnologistRow, active: boolean) => {
    try {
      await status.mutateAsync({ id: row.id, status: active ? 'active' : 'inactive' });
      toast({ type: 'success', msg: `${row.displayName} is now ${active ? 'active' : 'inactive'}.` });
    } catch {
      // shown by the shared handler
    }
  };

  return (
    <Stack>
      <Card withBorder>
        <Group align="end" wrap="wrap" gap="lg">
          <QueryState query={sites} what="your sites" skeletonRows={1} isEmpty={(s) => !s.length}>
            {(s) => <SitePicker sites={s} value={siteId} onChange={choose} />}
          </QueryState>
          <RangePicker value={range} onChange={setRange} />
        </Group>
        {siteId !== null ? (
          <Text size="sm" mt="sm">
            Site names and aliases:{' '}
            <Anchor component={Link} to="/hc-alias">
              Aliases
            </Anchor>
          </Text>
        ) : null}
      </Card>
      <Card withBorder>
        {siteId === null ? (
          <Text c="dimmed">Choose a site to see its technologists.</Text>
        ) : (
          <QueryState query={list} what="the technologists" isEmpty={(rows) => !rows.length}>
            {(rows) => (
              <TechnologistTable
                rows={rows}
                editable={editable}
                performanceHref={(r) => `/hc-user?tech=${r.id}`}
                onOpen={(r) => select({ techName: r.displayName })}
                actions={{
                  onRename: (row) => setDialog({ kind: 'rename', row }),
                  onComments: (row) => setDialog({ kind: 'comments', row }),
                  onMerge: (row) => setDialog({ kind: 'merge', row }),
                  onStatus: (row, active) => void setStatus(row, active),
                }}
              />
            )}
          </QueryState>
        )}
      </Card>
      <TechnologistDialogs dialog={dialog} rows={list.data ?? []} onClose={() => setDialog(null)} />
    </Stack>
  );
}
