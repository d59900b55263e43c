import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconActivityHeartbeat, IconChartDots, IconShieldCheck, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAppConfig } from '../../app/config';
import { homeFor } from '../../app/home';
import { LOGIN_PATH } from '../../app/paths';
import { displayName, isSignedIn, role } from '../../app/session/storage';

const FEATURES = [
  {
    icon: IconChartDots,
    title: 'Volumes and quality',
    text: 'Exams per site, device and technologist; rejects and repeats and why.',
  },
  {
    icon: IconActivityHeartbeat,
    title: 'Equipment health',
    text: 'Connection status of every device and X-ray tube life with replacement forecasts.',
  },
  {
    icon: IconShieldCheck,
    title: 'Dose and compression',
    text: 'Average glandular dose, compression force and thickness, by view and device type.',
  },
  {
    icon: IconUsers,
    title: 'The right people see the right sites',
    text: 'Hospitals see their own sites; sales and service see the customers they look after.',
  },
];

/** The landing page (product §2): the header's Home link and the first breadcrumb lead here. */
export default function LandingPage() {
  const config = useAppConfig();
  const signedIn = isSignedIn();
  return (
    <Stack maw={1000} mx="auto" gap="xl">
      <Stack gap="xs">
        <Title order={1}>{config.productName}</Title>
        <Text size="lg" c="dark.4">
          The fleet portal for mammography X-ray systems by {config.providerName}: watch every imaging device,
          site and technologist in one place.
        </Text>
        <Group mt="sm">
          {signedIn ? (
            <Button component={Link} to={homeFor(role(), config.providerSlug)}>
              Continue as {displayName()}
            </Button>
          ) : (
            <Button component={Link} to={LOGIN_PATH}>
              Sign in
            </Button>
          )}
          <Button component={Link} to="/release-notes" variant="default">
            What's new
          </Button>
        </Group>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {FEATURES.map((f) => (
          <Card key={f.title} withBorder padding="lg">
            <Group wrap="nowrap" align="flex-start">
              <ThemeIcon size="lg" variant="light">
                <f.icon size={20} aria-hidden />
              </ThemeIcon>
              <div>
                <Title order={2} size="h4">
                  {f.title}
                </Title>
                <Text size="sm" c="dark.4">
                  {f.text}
                </Text>
              </div>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
