import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useAppConfig } from '../../app/config';

/** hc-about: version, build and whom to contact. */
export default function AboutPage() {
  const config = useAppConfig();
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} maw={1000}>
      <Card withBorder padding="lg">
        <Stack gap="xs">
          <Title order={2} size="h4">
            {config.productName}
          </Title>
          <Text>Fleet portal for mammography X-ray systems by {config.providerName}.</Text>
          <dl style={{ margin: 0 }}>
            <Text component="dt" size="xs" c="dark.3" tt="uppercase" fw={600} mt="sm">
              Version
            </Text>
            <Text component="dd" m={0} data-testid="about-version">
              {config.version}
            </Text>
            <Text component="dt" size="xs" c="dark.3" tt="uppercase" fw={600} mt="sm">
              Build
            </Text>
            <Text component="dd" m={0} data-testid="about-build">
              {config.build}
            </Text>
          </dl>
          <Anchor component={Link} to="/release-notes">
            Release notes
          </Anchor>
        </Stack>
      </Card>
      <Card withBorder padding="lg">
        <Stack gap="xs">
          <Title order={2} size="h4">
            Contacts
          </Title>
          <Text>
            Questions, problems or a device that stopped reporting? Contact {config.providerName} support.
          </Text>
          <Text>
            E-mail: <Anchor href={`mailto:${config.supportEmail}`}>{config.supportEmail}</Anchor>
          </Text>
          {config.supportPhone ? (
            <Text>
              Phone:{' '}
              <Anchor href={`tel:${config.supportPhone.replace(/\s/g, '')}`}>{config.supportPhone}</Anchor>
            </Text>
          ) : null}
          <Anchor component={Link} to="/user/card">
            Your account team
          </Anchor>
          <Anchor href={config.privacyPolicyUrl} target="_blank" rel="noopener noreferrer">
            Privacy Policy
          </Anchor>
        </Stack>
      </Card>
    </SimpleGrid>
  );
}
