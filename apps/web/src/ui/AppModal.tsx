import { Group, Modal, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** Size class of the generic modal (product §2: it accepts a dialog size class). */
export type ModalSize = 'sm' | 'md' | 'lg' | 'xl';

export interface AppModalProps {
  opened: boolean;
  onClose: () => void;
  title?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** Header (title + ×) shown unless false. */
  withHeader?: boolean;
  /** Backdrop click closes unless false. */
  backdropClose?: boolean;
  size?: ModalSize;
  modalProps?: Partial<ModalProps>;
}

/** The generic modal: fades in over 100 ms, out over 300 ms (product §9). */
export const MODAL_TRANSITION = { transition: 'fade', duration: 100, exitDuration: 300 } as const;

export function AppModal({
  opened,
  onClose,
  title,
  children,
  footer,
  withHeader = true,
  backdropClose = true,
  size = 'md',
  modalProps,
}: AppModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={withHeader ? title : undefined}
      withCloseButton={withHeader}
      closeButtonProps={{ 'aria-label': 'Close' }}
      closeOnClickOutside={backdropClose}
      size={size}
      centered
      transitionProps={MODAL_TRANSITION}
      data-size={size}
      {...modalProps}
    >
      {children}
      {footer ? (
        <Group justify="flex-end" mt="lg">
          {footer}
        </Group>
      ) : null}
    </Modal>
  );
}
