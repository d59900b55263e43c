import { ActionIcon, Anchor, Box, Burger, Group, Menu, Text, Tooltip, UnstyledButton } from '@mantine/core';
import {
  IconChevronDown,
  IconDots,
  IconHome,
  IconKey,
  IconLogout,
  IconMaximize,
  IconMinimize,
  IconShieldLock,
  IconUser,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { UnreadBadge } from '../../features/messages/UnreadBadge';
import { useAppConfig } from '../config';
import { CHANGE_PASSWORD_PATH, LANDING_PATH, PROFILE_PATH } from '../paths';
import { useLogout } from '../session/logout';
import { useDisplayName, userType } from '../session/storage';
import classes from './Header.module.css';
import { Logo } from './Logo';

interface Props {
  navOpened: boolean;
  onToggleNav?: () => void;
  /** The 'mark' (product §5): shows the user dropdown; hidden on the portal home pages. */
  mark: boolean;
}

function useFullscreen() {
  const [on, setOn] = useState(() => !!document.fullscreenElement);
  useEffect(() => {
    const f = () => setOn(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', f);
    return () => document.removeEventListener('fullscreenchange', f);
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen?.().catch(() => {});
  };
  return { on, toggle };
}

export function Header({ navOpened, onToggleNav, mark }: Props) {
  const config = useAppConfig();
  const logout = useLogout();
  const fullscreen = useFullscreen();
  const name = useDisplayName();
  // Mobile options toggle: on small screens the right-hand options fold away.
  const [options, setOptions] = useState(false);

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" className={classes.header}>
      <Group gap="sm" wrap="nowrap">
        {onToggleNav ? (
          <Burger
            opened={navOpened}
            onClick={onToggleNav}
            size="sm"
            color="white"
            aria-label={navOpened ? 'Hide navigation' : 'Show navigation'}
          />
        ) : null}
        <Link to={LANDING_PATH} className={classes.brand} aria-label={`${config.productName} home`}>
          <Logo />
          <Text fw={700} c="white" visibleFrom="xs">
            {config.productName}
          </Text>
        </Link>
      </Group>
      <ActionIcon
        hiddenFrom="sm"
        variant="subtle"
        color="white"
        onClick={() => setOptions((o) => !o)}
        aria-label="More options"
        aria-expanded={options}
        aria-controls="header-options"
      >
        <IconDots size={20} />
      </ActionIcon>
      <Group
        id="header-options"
        gap="xs"
        wrap="nowrap"
        className={classes.options}
        data-open={options || undefined}
      >
        <Anchor component={Link} to={LANDING_PATH} className={classes.headerLink}>
          <IconHome size={18} aria-hidden /> Home
        </Anchor>
        {mark ? <UnreadBadge /> : null}
        <Tooltip label={fullscreen.on ? 'Exit full screen' : 'Full screen'}>
          <ActionIcon
            variant="subtle"
            color="white"
            onClick={fullscreen.toggle}
            aria-label={fullscreen.on ? 'Exit full screen' : 'Full screen'}
          >
            {fullscreen.on ? <IconMinimize size={18} /> : <IconMaximize size={18} />}
          </ActionIcon>
        </Tooltip>
        {mark ? (
          <Menu position="bottom-end" width={220} shadow="md">
            <Menu.Target>
              <UnstyledButton className={classes.user} data-testid="user-menu">
                <IconUser size={18} aria-hidden />
                <span>{name}</span>
                <IconChevronDown size={14} aria-hidden />
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item component={Link} to={PROFILE_PATH} leftSection={<IconUser size={16} />}>
                Profile
              </Menu.Item>
              <Menu.Item
                component="a"
                href={config.privacyPolicyUrl}
                target="_blank"
                rel="noopener noreferrer"
                leftSection={<IconShieldLock size={16} />}
              >
                Privacy Policy
              </Menu.Item>
              {userType() !== 'sso' ? (
                <Menu.Item component={Link} to={CHANGE_PASSWORD_PATH} leftSection={<IconKey size={16} />}>
                  Change Password
                </Menu.Item>
              ) : null}
              <Menu.Divider />
              <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
                Logout
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </Group>
      <Box hiddenFrom="sm" />
    </Group>
  );
}
