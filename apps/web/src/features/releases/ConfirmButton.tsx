import { Button, type ButtonProps, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { AppModal } from '../../ui/AppModal';

interface Props extends Omit<ButtonProps, 'onClick'> {
  /** The question, e.g. "Release 6.2.1?" */
  title: string;
  /** What will happen, in words. */
  message: ReactNode;
  /** The confirming button's words ("Release"). */
  confirm: string;
  onConfirm: () => Promise<unknown> | undefined;
  children: ReactNode;
}

/**
 * A button whose action is asked again in a dialog first: releasing, withdrawing, cancelling a
 * rollout and deciding an approval cannot be undone (docs/releases.md).
 */
export function ConfirmButton({ title, message, confirm, onConfirm, children, ...button }: Props) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <Button {...button} onClick={() => setOpen(true)}>
        {children}
      </Button>
      <AppModal
        opened={open}
        onClose={close}
        title={title}
        footer={
          <>
            <Button variant="default" onClick={close}>
              Keep as it is
            </Button>
            <Button
              color={button.color}
              loading={busy}
              data-autofocus
              onClick={async () => {
                setBusy(true);
                try {
                  await onConfirm();
                  close();
                } catch {
                  // The caller shows the refusal; the dialog stays open to try again or close.
                } finally {
                  setBusy(false);
                }
              }}
            >
              {confirm}
            </Button>
          </>
        }
      >
        <Text size="sm">{message}</Text>
      </AppModal>
    </>
  );
}
