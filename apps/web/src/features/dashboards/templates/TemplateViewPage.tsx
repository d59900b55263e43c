import { Alert, Button, Group, Skeleton, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useDashboard, useTemplates } from '../../../api/dashboards';
import { DashboardReportActions } from '../DashboardReportActions';
import { FilterBar } from '../filters/FilterBar';
import { useDashboardFilters } from '../filters/useDashboardFilters';
import { orderedLayout } from '../layout';
import { WidgetGrid } from '../WidgetGrid';
import { CopyTemplateButton } from './CopyTemplateButton';

/** static-dashboard/view-test-dashboard: a template as users will see it (the first one by default). */
export default function TemplateViewPage() {
  const [params] = useSearchParams();
  const templates = useTemplates();
  const id = Number(params.get('dashboard')) || templates.data?.[0]?.dashboardId || null;
  const dashboard = useDashboard(id);
  const { range, site } = useDashboardFilters();
  if (templates.isPending || (id !== null && dashboard.isPending))
    return <Skeleton height={320} role="status" aria-label="Loading template" />;
  if (id === null)
    return <Alert title="No data available">The provider has not published template dashboards yet.</Alert>;
  if (dashboard.isError || !dashboard.data)
    return (
      <Alert color="red" variant="light" title="Could not load the template" role="alert">
        It may have been withdrawn. <Link to="/static-dashboard">See all templates</Link>.
      </Alert>
    );
  const d = dashboard.data;
  return (
    <>
      <Group justify="space-between" mb="sm">
        <Text fw={600} component="h2" fz="lg" m={0}>
          {d.name}
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="default" component={Link} to="/static-dashboard">
            All templates
          </Button>
          <CopyTemplateButton id={d.id} name={d.name} />
          <DashboardReportActions dashboard={d.id} title={d.name} range={range} site={site} />
        </Group>
      </Group>
      <FilterBar />
      <WidgetGrid widgets={d.data.widgets} layout={orderedLayout(d.data)} range={range} site={site} />
    </>
  );
}
