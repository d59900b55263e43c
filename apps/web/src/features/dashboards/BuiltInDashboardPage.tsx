import { BUILT_IN, type BuiltInDashboardId } from '@kestrel/contract';
import { Group, Text } from '@mantine/core';
import { useRouteHandle } from '../../app/route-handle';
import { builtInLayout } from './builtins';
import { DashboardReportActions } from './DashboardReportActions';
import { FilterBar } from './filters/FilterBar';
import { useDashboardFilters } from './filters/useDashboardFilters';
import { WidgetGrid } from './WidgetGrid';

/** hc-dashboard1/2/3 and dashboard/analytics, default, ecommerce, dimension: fixed widget sets. */
export default function BuiltInDashboardPage() {
  const handle = useRouteHandle();
  const path = handle?.path ?? '';
  const dashboard = BUILT_IN[path as BuiltInDashboardId];
  const { range, site } = useDashboardFilters();
  if (!dashboard) return null;
  const { widgets, layout } = builtInLayout(dashboard);
  return (
    <>
      <Group justify="space-between" align="flex-start" mb="sm" wrap="wrap">
        <Text c="dimmed" size="sm">
          {dashboard.intro}
        </Text>
        <DashboardReportActions
          dashboard={path as BuiltInDashboardId}
          title={handle?.label ?? path}
          range={range}
          site={site}
        />
      </Group>
      <FilterBar />
      <WidgetGrid widgets={widgets} layout={layout} range={range} site={site} />
    </>
  );
}
