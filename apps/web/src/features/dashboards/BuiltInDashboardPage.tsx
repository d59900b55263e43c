import { Text } from '@mantine/core';
import { useRouteHandle } from '../../app/route-handle';
import { BUILT_IN, builtInLayout } from './builtins';
import { FilterBar } from './filters/FilterBar';
import { useDashboardFilters } from './filters/useDashboardFilters';
import { WidgetGrid } from './WidgetGrid';

/** hc-dashboard1/2/3 and dashboard/analytics, default, ecommerce, dimension: fixed widget sets. */
export default function BuiltInDashboardPage() {
  const dashboard = BUILT_IN[useRouteHandle()?.path ?? ''];
  const { range, site } = useDashboardFilters();
  if (!dashboard) return null;
  const { widgets, layout } = builtInLayout(dashboard);
  return (
    <>
      <Text c="dimmed" size="sm" mb="sm">
        {dashboard.intro}
      </Text>
      <FilterBar />
      <WidgetGrid widgets={widgets} layout={layout} range={range} site={site} />
    </>
  );
}
