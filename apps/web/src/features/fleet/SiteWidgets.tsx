import type { DateRange } from '@kestrel/contract';
import { SimpleGrid, Title } from '@mantine/core';
import { WidgetCard } from '../../widgets/WidgetCard';

/** Exam volume over time, rejects by reason, exams per technologist, images by weekday and hour. */
const SITE_WIDGETS = [9069, 9057, 9051, 9134] as const;

/** A few catalogue widgets for one site, over the page's period. */
export function SiteWidgets({ site, range }: { site: number; range: DateRange }) {
  return (
    <section aria-labelledby="site-widgets">
      <Title order={2} size="h4" id="site-widgets" mb="sm">
        Activity
      </Title>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        {SITE_WIDGETS.map((id) => (
          <WidgetCard key={id} widgetId={id} range={range} site={site} height={260} />
        ))}
      </SimpleGrid>
    </section>
  );
}
