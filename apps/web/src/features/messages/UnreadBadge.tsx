import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useUnreadCount } from './api';

/** The header's envelope with the number of unread messages; opens the inbox. */
export function UnreadBadge() {
  const count = useUnreadCount();
  const n = count.data?.unread ?? 0;
  const label = n === 0 ? 'Messages: none unread' : `Messages: ${n} unread`;
  return (
    <Tooltip label={label}>
      <Indicator
        label={n > 99 ? '99+' : n}
        size={16}
        color="red"
        disabled={n === 0}
        offset={4}
        data-testid="unread-count"
        data-count={n}
      >
        <ActionIcon component={Link} to="/email/inbox" variant="subtle" color="white" aria-label={label}>
          <IconMail size={18} />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}
