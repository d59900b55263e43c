import type { TechnologistRow } from '@kestrel/contract';
import { Button, Checkbox, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useMergeTechs, useRenameTech, useSaveComments, useUnmergeTechs } from '../../api/entities';
import { toast } from '../../ui/toast';

export type Dialog = { kind: 'rename' | 'comments' | 'merge'; row: TechnologistRow } | null;

interface Props {
  dialog: Dialog;
  rows: TechnologistRow[];
  onClose: () => void;
}

/** Failed calls were already explained by the shared error handler (toast); keep the dialog open. */
const quietly = async (work: () => Promise<unknown>, done: () => void, msg: string) => {
  try {
    await work();
    toast({ type: 'success', msg });
    done();
  } catch {
    // shown by the shared handler
  }
};

function RenameForm({ row, onClose }: { row: TechnologistRow; onClose: () => void }) {
  const rename = useRenameTech();
  const [alias, setAlias] = useState(row.alias ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void quietly(
      () => rename.mutateAsync({ id: row.id, alias }),
      onClose,
      `${row.name} is now shown as ${alias.trim() || row.name}.`,
    );
  };
  return (
    <form onSubmit={submit}>
      <Stack>
        <Text size="sm">
          The devices write <b>{row.name}</b>. Choose the name the portal shows; leave it empty to show the
          name as written.
        </Text>
        <TextInput
          label="Display name"
          value={alias}
          maxLength={80}
          onChange={(e) => setAlias(e.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={rename.isPending}>
            Save name
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CommentsForm({ row, onClose }: { row: TechnologistRow; onClose: () => void }) {
  const save = useSaveComments();
  const [comments, setComments] = useState(row.comments ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void quietly(() => save.mutateAsync({ id: row.id, comments }), onClose, 'Comments saved.');
  };
  return (
    <form onSubmit={submit}>
      <Stack>
        <Textarea
          label="Comments"
          autosize
          minRows={3}
          maxLength={2000}
          value={comments}
          onChange={(e) => setComments(e.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save comments
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Merge other spellings of the same person into this record, or undo earlier merges. */
function MergeForm({
  row,
  rows,
  onClose,
}: {
  row: TechnologistRow;
  rows: TechnologistRow[];
  onClose: () => void;
}) {
  const merge = useMergeTechs();
  const unmerge = useUnmergeTechs();
  const [picked, setPicked] = useState<string[]>([]);
  const others = rows.filter((r) => r.id !== row.id && r.siteId === row.siteId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!picked.length) return;
    void quietly(
      () => merge.mutateAsync({ targetId: row.id, sourceIds: picked.map(Number) }),
      onClose,
      `Merged ${picked.length} name${picked.length > 1 ? 's' : ''} into ${row.displayName}.`,
    );
  };
  return (
    <form onSubmit={submit}>
      <Stack>
        <Text size="sm">
          Pick the names that are the same person as <b>{row.displayName}</b>. Their exams then count under{' '}
          {row.displayName} in every list, chart and export. You can undo this later.
        </Text>
        {others.length ? (
          <Checkbox.Group label="Names to merge" value={picked} onChange={setPicked}>
            <Stack gap={6} mt={6}>
              {others.map((o) => (
                <Checkbox key={o.id} value={String(o.id)} label={`${o.displayName} (${o.exams} exams)`} />
              ))}
            </Stack>
          </Checkbox.Group>
        ) : (
          <Text size="sm" c="dimmed">
            There is no other technologist at this site.
          </Text>
        )}
        {row.merged.length ? (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Already merged into {row.displayName}
            </Text>
            {row.merged.map((m) => (
              <Group key={m.id} justify="space-between">
                <Text size="sm">{m.name}</Text>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  loading={unmerge.isPending}
                  onClick={() =>
                    void quietly(
                      () => unmerge.mutateAsync({ ids: [m.id] }),
                      onClose,
                      `${m.name} counts on its own again.`,
                    )
                  }
                >
                  Undo merge of {m.name}
                </Button>
              </Group>
            ))}
          </Stack>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={merge.isPending} disabled={!picked.length}>
            Merge
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const TITLES = { rename: 'Rename', comments: 'Comments on', merge: 'Merge names into' } as const;

export function TechnologistDialogs({ dialog, rows, onClose }: Props) {
  return (
    <Modal
      opened={dialog !== null}
      closeButtonProps={{ 'aria-label': 'Close' }}
      onClose={onClose}
      title={dialog ? `${TITLES[dialog.kind]} ${dialog.row.displayName}` : ''}
      size="md"
    >
      {dialog?.kind === 'rename' ? <RenameForm row={dialog.row} onClose={onClose} /> : null}
      {dialog?.kind === 'comments' ? <CommentsForm row={dialog.row} onClose={onClose} /> : null}
      {dialog?.kind === 'merge' ? <MergeForm row={dialog.row} rows={rows} onClose={onClose} /> : null}
    </Modal>
  );
}
