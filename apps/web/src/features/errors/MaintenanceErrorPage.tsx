import { Button, EmptyState, Stack } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { useNavigate } from 'react-router';

/** maintenance/error: shown when a part of the portal is down for maintenance. */
export default function MaintenanceErrorPage() {
  const navigate = useNavigate();
  return (
    <Stack align="center" py="xl">
      <EmptyState
        icon={<IconTool size={30} aria-hidden />}
        variant="light"
        color="orange"
        title={
          <h2 style={{ margin: 0, fontSize: 'inherit' }}>This part of the portal is under maintenance</h2>
        }
        description="We are working on it and it will be back shortly. Your data is safe. Please try again in a few minutes."
      />
      <Button variant="default" onClick={() => navigate(-1)}>
        Go back
      </Button>
    </Stack>
  );
}
