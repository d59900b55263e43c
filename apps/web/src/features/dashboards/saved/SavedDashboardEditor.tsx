import type { DashboardDefinition } from '@kestrel/contract';
import { widgetById } from '@kestrel/contract';
import { Alert, Button, Group, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useDeleteDashboard, useRenameDashboard, useSaveDashboard } from '../../../api/dashboards';
import { toast } from '../../../ui/toast';
import { DashboardDeleteModal } from '../DashboardDeleteModal';
import { DashboardReportActions } from '../DashboardReportActions';
import { FilterBar } from '../filters/FilterBar';
import { useDashboardFilters } from '../filters/useDashboardFilters';
import { orderedLayout } from '../layout';
import { WidgetGrid } from '../WidgetGrid';
import { AddWidgetPicker } from './AddWidgetPicker';
import { addWidget, type Draft, emptyDraft, moveWidget, removeWidget, resizeWidget } from './edit';
import { RenameModal } from './RenameModal';
import { saveCall } from './save-rule';
import { WidgetActions } from './WidgetActions';

const saveLabel = (method: 'PUT' | 'POST', hasId: boolean) =>
  method === 'PUT' ? 'Save' : hasId ? 'Save as new dashboard' : 'Save dashboard';

/**
 * One saved dashboard (or a new one): view it with the date/site filter, or edit it — add,
 * remove, reorder and resize widgets, name it and save (PUT or POST, product §4), rename, delete.
 */
export function SavedDashboardEditor({ dashboard }: { dashboard: DashboardDefinition | null }) {
  const navigate = useNavigate();
  const { range, site } = useDashboardFilters();
  const [draft, setDraft] = useState<Draft>(dashboard?.data ?? emptyDraft());
  const [name, setName] = useState(dashboard?.name ?? '');
  const [editing, setEditing] = useState(dashboard === null);
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const save = useSaveDashboard();
  const rename = useRenameDashboard();
  const remove = useDeleteDashboard();
  const canEdit = dashboard === null || dashboard.edit;
  const call = saveCall({ id: dashboard?.id ?? null, savedName: dashboard?.name ?? null, name, data: draft });
  const layout = orderedLayout(draft);

  const onSave = async () => {
    const saved = await save.mutateAsync(call);
    toast({ type: 'success', msg: `Dashboard "${saved.name}" saved.` });
    setEditing(false);
    if (saved.id !== dashboard?.id) navigate(`/dashboard/common?dashboard=${saved.id}`);
  };
  const onDelete = async () => {
    await remove.mutateAsync(dashboard!.id);
    setDeleting(false);
    toast({ type: 'success', msg: `Dashboard "${dashboard!.name}" deleted.` });
    navigate('/device-details');
  };
  const onRename = async (next: string) => {
    await rename.mutateAsync({ id: dashboard!.id, name: next });
    setName(next);
    setRenaming(false);
    toast({ type: 'success', msg: `Dashboard renamed to "${next}".` });
  };

  return (
    <>
      <Group justify="space-between" align="flex-end" mb="sm" wrap="wrap">
        {editing ? (
          <TextInput
            label="Dashboard name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            w={320}
            maxLength={80}
            description={
              call.method === 'POST' && dashboard
                ? 'A new name saves a new dashboard; this one stays as it is.'
                : undefined
            }
          />
        ) : (
          <Text c="dimmed" size="sm">
            {dashboard?.isTemplate ? 'A template dashboard.' : `${draft.widgets.length} widgets.`}
          </Text>
        )}
        <Group gap="xs">
          {editing ? (
            <>
              <Button
                onClick={onSave}
                loading={save.isPending}
                disabled={!name.trim() || !draft.widgets.length}
              >
                {saveLabel(call.method, dashboard !== null)}
              </Button>
              {dashboard ? (
                <Button
                  variant="default"
                  onClick={() => {
                    setDraft(dashboard.data);
                    setName(dashboard.name);
                    setEditing(false);
                  }}
                >
                  Cancel
                </Button>
              ) : null}
            </>
          ) : (
            <>
              {dashboard ? (
                <DashboardReportActions
                  dashboard={dashboard.id}
                  title={name}
                  range={range}
                  site={site}
                  size="sm"
                />
              ) : null}
              {canEdit ? (
                <Button variant="light" onClick={() => setEditing(true)}>
                  Edit
                </Button>
              ) : null}
              {dashboard?.edit ? (
                <Button variant="default" onClick={() => setRenaming(true)}>
                  Rename
                </Button>
              ) : null}
              {dashboard?.delete ? (
                <Button variant="light" color="red" onClick={() => setDeleting(true)}>
                  Delete
                </Button>
              ) : null}
            </>
          )}
        </Group>
      </Group>
      {editing ? (
        <AddWidgetPicker count={draft.widgets.length} onAdd={(id) => setDraft((d) => addWidget(d, id))} />
      ) : null}
      <FilterBar />
      {draft.widgets.length ? (
        <WidgetGrid
          widgets={draft.widgets}
          layout={layout}
          range={range}
          site={site}
          actions={
            editing
              ? (key, i) => (
                  <WidgetActions
                    name={widgetById(draft.widgets.find((w) => w.key === key)!.widgetId)?.name ?? key}
                    item={layout[i]!}
                    first={i === 0}
                    last={i === layout.length - 1}
                    onMove={(delta) => setDraft((d) => moveWidget(d, key, delta))}
                    onResize={(size) => setDraft((d) => resizeWidget(d, key, size))}
                    onRemove={() => setDraft((d) => removeWidget(d, key))}
                  />
                )
              : undefined
          }
        />
      ) : (
        <Alert variant="light" title="No widgets yet">
          {editing
            ? 'Add widgets from the catalogue above, give the dashboard a name and save it.'
            : 'This dashboard has no widgets. Choose Edit to add some.'}
        </Alert>
      )}
      {dashboard ? (
        <>
          <RenameModal
            opened={renaming}
            current={name}
            saving={rename.isPending}
            error={null}
            onCancel={() => setRenaming(false)}
            onRename={(n) => void onRename(n).catch(() => {})}
          />
          <DashboardDeleteModal
            opened={deleting}
            dashboardName={dashboard.name}
            deleting={remove.isPending}
            onCancel={() => setDeleting(false)}
            onConfirm={() => void onDelete().catch(() => {})}
          />
        </>
      ) : null}
    </>
  );
}
