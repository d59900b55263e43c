import { EmptyState } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

/** A route the user's role is not offered: say so inside the shell (the server refuses the data). */
export function NoAccess() {
  return (
    <EmptyState
      py="xl"
      icon={<IconLock size={28} aria-hidden />}
      withIndicatorBackground
      title="Not available for your role"
      description="Your account does not include this page. Ask your administrator if you need it."
      data-testid="no-access"
    />
  );
}
