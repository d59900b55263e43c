import { ALERT_KINDS, ALERT_LABELS, type AlertKind, type Delivery } from '@kestrel/contract';
import { Card, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { DataState } from '../../ui/DataState';
import { toast } from '../../ui/toast';
import { useAlertPreferences, useSaveAlertPreferences } from './api';

const DELIVERY_LABELS: Record<Delivery, string> = {
  portal: 'In the portal',
  email: 'E-mail at once',
  digest: 'Daily digest',
};

/** The profile's 'Alerts' section: for each alert kind, how it reaches the user (docs/messages.md §3). */
export function AlertPreferencesCard() {
  const prefs = useAlertPreferences();
  const save = useSaveAlertPreferences();
  const choose = async (kind: AlertKind, delivery: Delivery) => {
    await save.mutateAsync([{ kind, delivery }]);
    toast({ type: 'success', msg: `${ALERT_LABELS[kind]}: ${DELIVERY_LABELS[delivery].toLowerCase()}.` });
  };
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="alert-preferences">
      <Stack gap="xs">
        <Title order={2} size="h4" id="alert-preferences">
          Alerts
        </Title>
        <Text size="sm" c="dimmed">
          Every alert is in your inbox. Choose which also reach you by e-mail, at once or in one e-mail a day.
        </Text>
        <DataState query={prefs} what="Your alert choices">
          {(list) => (
            <Table data-testid="alert-preferences">
              <Table.Tbody>
                {ALERT_KINDS.map((kind) => {
                  const current = list.find((p) => p.kind === kind)?.delivery ?? 'portal';
                  return (
                    <Table.Tr key={kind}>
                      <Table.Td>
                        <Text size="sm" fw={500} id={`alert-kind-${kind}`}>
                          {ALERT_LABELS[kind]}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <SegmentedControl
                          size="xs"
                          aria-labelledby={`alert-kind-${kind}`}
                          value={current}
                          disabled={save.isPending}
                          onChange={(v) => void choose(kind, v as Delivery)}
                          data={(Object.keys(DELIVERY_LABELS) as Delivery[]).map((d) => ({
                            value: d,
                            label: DELIVERY_LABELS[d],
                          }))}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          )}
        </DataState>
      </Stack>
    </Card>
  );
}
