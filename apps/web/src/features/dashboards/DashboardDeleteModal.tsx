import { Button } from '@mantine/core';
import { AppModal } from '../../ui/AppModal';

interface Props {
  opened: boolean;
  dashboardName?: string;
  deleting?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * 'Dashboard Delete' (product §2, product §10.13): an empty body, Cancel and ×, and the confirm button
 * 'Delete'. The dashboards feature wires the deletion itself. The title names the dialog (an
 * aria-label on Mantine's root div would be an ARIA attribute on an element without a role).
 */
export function DashboardDeleteModal({ opened, deleting, onCancel, onConfirm }: Props) {
  return (
    <AppModal
      opened={opened}
      onClose={onCancel}
      title="Dashboard Delete"
      size="sm"
      footer={
        <>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={deleting}>
            Delete
          </Button>
        </>
      }
    />
  );
}
