import { Button, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSaveDashboard } from '../../../api/dashboards';
import { AppModal } from '../../../ui/AppModal';
import { toast } from '../../../ui/toast';

/** Copies a provider template into the user's own dashboards (POST widgets with copyOf), then opens it. */
export function CopyTemplateButton({ id, name }: { id: number; name: string }) {
  const [open, setOpen] = useState(false);
  const [copyName, setCopyName] = useState(name);
  const save = useSaveDashboard();
  const navigate = useNavigate();
  const onCopy = async () => {
    const saved = await save.mutateAsync({
      method: 'POST',
      path: 'widgets',
      body: { name: copyName.trim(), copyOf: id },
    });
    toast({ type: 'success', msg: `"${saved.name}" is now one of your dashboards.` });
    setOpen(false);
    navigate(`/dashboard/common?dashboard=${saved.id}`);
  };
  return (
    <>
      <Button
        size="xs"
        onClick={() => {
          setCopyName(name);
          setOpen(true);
        }}
        aria-label={`Copy ${name} to my dashboards`}
      >
        Copy to my dashboards
      </Button>
      <AppModal
        opened={open}
        onClose={() => setOpen(false)}
        title={`Copy "${name}"`}
        footer={
          <>
            <Button variant="default" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button
              onClick={() => void onCopy().catch(() => {})}
              loading={save.isPending}
              disabled={!copyName.trim()}
            >
              Copy
            </Button>
          </>
        }
      >
        <TextInput
          label="Name of your copy"
          value={copyName}
          onChange={(e) => setCopyName(e.currentTarget.value)}
          maxLength={80}
          description="You can change your copy; the template stays as the provider made it."
        />
      </AppModal>
    </>
  );
}
