import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { useAppConfig } from '../config';
import { Logo } from '../shell/Logo';
import classes from './AuthLayout.module.css';

/** The public area (product §2): a header, the routed content and a footer; no guard. */
export function AuthLayout() {
  const config = useAppConfig();
  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between">
            <Anchor component={Link} to="/landing" className={classes.brand} underline="never">
              <Logo />
              <Text fw={700} c="white" size="lg">
                {config.productName}
              </Text>
            </Anchor>
            <Text c="white" size="sm" visibleFrom="sm">
              {config.providerName}
            </Text>
          </Group>
        </Container>
      </header>
      <Box component="main" className={classes.main} id="main">
        <Outlet />
      </Box>
      <footer className={classes.footer}>
        <Container size="lg">
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dark.3">
              © {config.providerName} · {config.productName} {config.version}
            </Text>
            <Group gap="md">
              <Anchor component={Link} to="/release-notes" size="sm">
                Release notes
              </Anchor>
              <Anchor href={config.privacyPolicyUrl} target="_blank" rel="noopener noreferrer" size="sm">
                Privacy Policy
              </Anchor>
            </Group>
          </Group>
        </Container>
      </footer>
    </div>
  );
}
