import { Alert, Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useRecordTubeReplacement } from '../../api/fleet';
import { AppModal } from '../../ui/AppModal';
import { errorMessage } from '../../ui/DataState';

/** Record a tube swap: the new tube starts at zero and the old one goes to the history. */
export function TubeReplacementModal({ deviceId, onClose }: { deviceId: number; onClose: () => void }) {
  const [serial, setSerial] = useState('');
  const [installedAt, setInstalledAt] = useState('');
  const [notes, setNotes] = useState('');
  const record = useRecordTubeReplacement();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    record.mutate(
      {
        deviceId,
        serial: serial.trim(),
        installedAt: installedAt ? new Date(installedAt).toISOString() : undefined,
        notes: notes.trim() || undefined,
      },
      { onSuccess: onClose },
    );
  };
  return (
    <AppModal opened onClose={onClose} title="Record tube replacement" size="md">
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            label="New tube serial"
            required
            value={serial}
            onChange={(e) => setSerial(e.currentTarget.value)}
            data-autofocus
          />
          <TextInput
            type="datetime-local"
            label="Installed at"
            description="Leave empty for now"
            value={installedAt}
            onChange={(e) => setInstalledAt(e.currentTarget.value)}
          />
          <Textarea label="Notes" value={notes} onChange={(e) => setNotes(e.currentTarget.value)} />
          {record.isError ? (
            <Alert color="red" role="alert">
              {errorMessage(record.error, 'The replacement')}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={record.isPending} disabled={!serial.trim()}>
              Record replacement
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
