import { legendTypes, widgetCatalogue } from '@kestrel/contract';
import { Button, SegmentedControl, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { WidgetCard } from '../../widgets/WidgetCard';
import { FilterBar } from '../dashboards/filters/FilterBar';
import { useDashboardFilters } from '../dashboards/filters/useDashboardFilters';
import classes from '../dashboards/WidgetGrid.module.css';
import { AddToDashboardModal } from './AddToDashboardModal';

const ALL = 'All';

/** widget: the catalogue with live previews (each loads when scrolled to) and 'Add to dashboard'. */
export default function WidgetGalleryPage() {
  const { range, site } = useDashboardFilters();
  const [legend, setLegend] = useState<string>(ALL);
  const [adding, setAdding] = useState<number | null>(null);
  const shown = widgetCatalogue.filter((w) => legend === ALL || w.legend === legend);
  return (
    <>
      <Text c="dimmed" size="sm" mb="sm">
        Every widget you can put on a dashboard, with its data for the range and site you choose.
      </Text>
      <FilterBar />
      <SegmentedControl
        mb="md"
        aria-label="Legend type"
        data={[ALL, ...legendTypes]}
        value={legend}
        onChange={setLegend}
      />
      <div className={classes.grid}>
        {shown.map((w) => (
          <div key={w.id} className={classes.cell} style={{ '--span': 6 } as React.CSSProperties}>
            <WidgetCard
              widgetId={w.id}
              range={range}
              site={site}
              height={220}
              drill={false}
              actions={
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconPlus size={14} aria-hidden />}
                  onClick={() => setAdding(w.id)}
                  aria-label={`Add ${w.name} to a dashboard`}
                >
                  Add to dashboard
                </Button>
              }
            />
          </div>
        ))}
      </div>
      <AddToDashboardModal key={adding ?? 'closed'} widgetId={adding} onClose={() => setAdding(null)} />
    </>
  );
}
