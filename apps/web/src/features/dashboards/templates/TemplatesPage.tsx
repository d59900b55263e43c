import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTemplates } from '../../../api/dashboards';
import { CopyTemplateButton } from './CopyTemplateButton';

/** static-dashboard: the provider's template dashboards, to view and to copy into your own. */
export default function TemplatesPage() {
  const templates = useTemplates();
  if (templates.isPending) return <Skeleton height={160} aria-label="Loading templates" />;
  if (templates.isError)
    return (
      <Alert color="red" variant="light" title="Could not load the templates" role="alert">
        Check your connection and try again.
        <Button size="xs" mt="sm" display="block" onClick={() => templates.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  if (!templates.data.length)
    return <Alert title="No data available">The provider has not published template dashboards yet.</Alert>;
  return (
    <>
      <Text c="dimmed" size="sm" mb="md">
        Dashboards prepared by your provider. View one, or copy it into your own dashboards to change it.
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }}>
        {templates.data.map((t) => (
          <Card key={t.dashboardId} withBorder component="section" aria-label={t.dashboardName}>
            <Title order={2} size="h4" mb="sm">
              {t.dashboardName}
            </Title>
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                component={Link}
                to={`/static-dashboard/view-test-dashboard?dashboard=${t.dashboardId}`}
                aria-label={`View ${t.dashboardName}`}
              >
                View
              </Button>
              <CopyTemplateButton id={t.dashboardId} name={t.dashboardName} />
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
