import { type DashboardDefinition, widgetById } from '@kestrel/contract';
import { Button, Radio, Select, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { request } from '../../api/client';
import { dashboardKey, useSaveDashboard } from '../../api/dashboards';
import { useDashboardState } from '../../api/hooks';
import { AppModal } from '../../ui/AppModal';
import { toast } from '../../ui/toast';
import { addWidget, emptyDraft } from '../dashboards/saved/edit';
import { saveCall } from '../dashboards/saved/save-rule';

interface Props {
  widgetId: number | null;
  onClose: () => void;
}

/** 'Add to dashboard' from the gallery: into one of your dashboards (PUT) or a new one (POST). */
export function AddToDashboardModal({ widgetId, onClose }: Props) {
  const client = useQueryClient();
  const state = useDashboardState(widgetId !== null);
  const editable = (state.data ?? []).filter((d) => d.edit);
  // Until the user chooses: into their first dashboard if they have one, else a new one.
  // (The gallery mounts this modal afresh per widget, so choices do not carry over.)
  const [chosenTarget, setTarget] = useState<'existing' | 'new' | null>(null);
  const [chosenExisting, setExisting] = useState<string | null>(null);
  const target = chosenTarget ?? (editable.length ? 'existing' : 'new');
  const existing = chosenExisting ?? (editable[0] ? String(editable[0].dashboardId) : null);
  const [name, setName] = useState('');
  const save = useSaveDashboard();
  const def = widgetId === null ? undefined : widgetById(widgetId);

  const onAdd = async () => {
    if (widgetId === null) return;
    let saved: DashboardDefinition;
    if (target === 'existing' && existing) {
      const id = Number(existing);
      const current = await client.fetchQuery({
        queryKey: dashboardKey(id),
        queryFn: async () => (await request<DashboardDefinition>(`widgets/${id}`)).result,
      });
      saved = await save.mutateAsync(
        saveCall({
          id,
          savedName: current.name,
          name: current.name,
          data: addWidget(current.data, widgetId),
        }),
      );
    } else {
      saved = await save.mutateAsync(
        saveCall({ id: null, savedName: null, name, data: addWidget(emptyDraft(), widgetId) }),
      );
    }
    toast({ type: 'success', msg: `"${def?.name}" added to "${saved.name}".` });
    onClose();
  };

  const invalid = target === 'new' ? !name.trim() : !existing;
  return (
    <AppModal
      opened={widgetId !== null}
      onClose={onClose}
      title={`Add "${def?.name ?? ''}" to a dashboard`}
      size="md"
      footer={
        <>
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void onAdd().catch(() => {})} loading={save.isPending} disabled={invalid}>
            Add to dashboard
          </Button>
        </>
      }
    >
      <Stack>
        <Radio.Group value={target} onChange={(v) => setTarget(v as 'existing' | 'new')} label="Where to?">
          <Stack gap="xs" mt="xs">
            <Radio value="existing" label="One of my dashboards" disabled={!editable.length} />
            <Radio value="new" label="A new dashboard" />
          </Stack>
        </Radio.Group>
        {target === 'existing' ? (
          <Select
            label="Dashboard"
            data={editable.map((d) => ({ value: String(d.dashboardId), label: d.dashboardName }))}
            value={existing}
            onChange={setExisting}
            allowDeselect={false}
          />
        ) : (
          <TextInput
            label="Name of the new dashboard"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={80}
          />
        )}
      </Stack>
    </AppModal>
  );
}
