import { Button, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { AppModal } from '../../../ui/AppModal';

interface Props {
  opened: boolean;
  current: string;
  saving: boolean;
  error: string | null;
  onCancel: () => void;
  onRename: (name: string) => void;
}

/** Rename (product §4): updates the dashboard's dashboardState entry; the dashboard stays the same. */
export function RenameModal({ opened, current, saving, error, onCancel, onRename }: Props) {
  const [name, setName] = useState(current);
  useEffect(() => {
    if (opened) setName(current);
  }, [opened, current]);
  const invalid = !name.trim() ? 'Enter a name.' : name.trim().length > 80 ? 'At most 80 characters.' : null;
  return (
    <AppModal
      opened={opened}
      onClose={onCancel}
      title="Rename dashboard"
      size="md"
      footer={
        <>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={() => onRename(name.trim())} loading={saving} disabled={!!invalid}>
            Rename
          </Button>
        </>
      }
    >
      <TextInput
        label="New name"
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={error ?? (name ? invalid : null)}
        data-autofocus
      />
    </AppModal>
  );
}
