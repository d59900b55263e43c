import type { Role } from '@kestrel/contract';
import {
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  IconAddressBook,
  IconChartBar,
  IconDeviceDesktopAnalytics,
  IconFileText,
  IconLayoutDashboard,
  IconLogout,
  IconMail,
  IconPackage,
  IconReportMoney,
  IconSwitchHorizontal,
  IconTool,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAppConfig } from '../../app/config';
import { LOGIN_PATH } from '../../app/paths';
import { useRouteHandle } from '../../app/route-handle';
import { useLogout } from '../../app/session/logout';
import { applications, displayName, role } from '../../app/session/storage';
import { ApprovalsTask } from '../releases/ApprovalsTask';
import { SitesMapCard } from '../sites-map/SitesMapCard';
import classes from './PortalHomePage.module.css';

interface Tile {
  to: string;
  title: string;
  text: string;
  icon: typeof IconUser;
  roles?: Role[];
}

const TILES: Tile[] = [
  {
    to: '/hc-dashboards',
    title: 'Fleet overview',
    text: 'Every site and device at a glance',
    icon: IconDeviceDesktopAnalytics,
  },
  {
    to: '/dashboard/default',
    title: 'Dashboards',
    text: 'Volumes, quality, dose and equipment',
    icon: IconLayoutDashboard,
  },
  { to: '/device-details', title: 'Devices', text: 'Connection status and tube life', icon: IconTool },
  { to: '/hc-user', title: 'Technologists', text: 'Performance per technologist', icon: IconUsers },
  {
    to: '/dashboard/analytics',
    title: 'Fleet analytics',
    text: 'Rejects, dose and compression',
    icon: IconChartBar,
  },
  {
    to: '/sales-rep-dashboard',
    title: 'Sales representative dashboard',
    text: 'Your customers and sites',
    icon: IconReportMoney,
    roles: ['provider_admin', 'sales'],
  },
  {
    to: '/user-management',
    title: 'User management',
    text: 'People, applications and access',
    icon: IconUser,
    roles: ['provider_admin', 'customer_admin'],
  },
  {
    to: '/releases',
    title: 'Releases',
    text: 'Software versions and rollouts to devices',
    icon: IconPackage,
    roles: ['provider_admin', 'service', 'sales'],
  },
  {
    to: '/release-approvals',
    title: 'Update approvals',
    text: 'Software updates for your sites',
    icon: IconPackage,
    roles: ['customer_admin'],
  },
  { to: '/email/inbox', title: 'Messages', text: 'Alerts and release notices', icon: IconMail },
  { to: '/user/card', title: 'Your contacts', text: 'Your account team', icon: IconAddressBook },
  { to: '/release-notes', title: 'Release notes', text: "What's new", icon: IconFileText },
];

/**
 * client-portal and {provider}-portal (product §10.6): the home page of each portal, with tiles for
 * the areas the user may open. The shell's mark is hidden here, so the page offers sign-out itself.
 */
export default function PortalHomePage() {
  const config = useAppConfig();
  const handle = useRouteHandle();
  const logout = useLogout();
  const r = role();
  const tiles = TILES.filter((t) => !t.roles || (r && t.roles.includes(r)));
  const provider = handle?.path === '{provider}-portal';
  const several = applications().length > 1;
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Text c="dark.4">Welcome, {displayName()}</Text>
          <Text size="sm" c="dark.3">
            {provider ? `${config.providerName} — all customers you look after` : 'Your sites and devices'}
          </Text>
        </div>
        <Group>
          {several ? (
            <Button
              component={Link}
              to={`${LOGIN_PATH}?choose=1`}
              variant="default"
              leftSection={<IconSwitchHorizontal size={16} />}
            >
              Switch application
            </Button>
          ) : null}
          <Button variant="default" leftSection={<IconUser size={16} />} component={Link} to="/user/profile">
            Profile
          </Button>
          <Button
            color="red"
            variant="light"
            leftSection={<IconLogout size={16} />}
            onClick={() => void logout()}
          >
            Sign out
          </Button>
        </Group>
      </Group>
      {/* Tasks: updates waiting for the customer admin's approval (docs/releases.md §5). */}
      {r === 'customer_admin' ? <ApprovalsTask /> : null}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }}>
        {tiles.map((t) => (
          <UnstyledButton key={t.to} component={Link} to={t.to} className={classes.tile}>
            <Card withBorder padding="lg" h="100%">
              <Group wrap="nowrap" align="flex-start">
                <ThemeIcon size="xl" variant="light">
                  <t.icon size={24} aria-hidden />
                </ThemeIcon>
                <div>
                  <Title order={2} size="h4">
                    {t.title}
                  </Title>
                  <Text size="sm" c="dark.3">
                    {t.text}
                  </Text>
                </div>
              </Group>
            </Card>
          </UnstyledButton>
        ))}
      </SimpleGrid>
      {/* The customer's home shows their sites; the provider's has the fleet overview for that. */}
      {provider ? null : <SitesMapCard />}
    </Stack>
  );
}
