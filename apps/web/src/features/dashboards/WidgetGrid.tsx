import type { DateRange } from '@kestrel/contract';
import type { ReactNode } from 'react';
import { WidgetCard } from '../../widgets/WidgetCard';
import { chartHeight, type LayoutItem } from './layout';
import classes from './WidgetGrid.module.css';

export interface GridWidget {
  key: string;
  widgetId: number;
  options?: Record<string, unknown>;
}

interface Props {
  widgets: GridWidget[];
  layout: LayoutItem[];
  range: DateRange;
  site: number | null;
  /** Edit controls per widget (saved dashboards in edit mode). */
  actions?: (key: string, index: number) => ReactNode;
}

/** Widgets on a 12-column grid in layout order; one column on narrow screens. */
export function WidgetGrid({ widgets, layout, range, site, actions }: Props) {
  const byKey = new Map(widgets.map((w) => [w.key, w]));
  return (
    <div className={classes.grid} data-testid="widget-grid">
      {layout.map((l, i) => {
        const w = byKey.get(l.key);
        if (!w) return null;
        return (
          <div key={l.key} className={classes.cell} style={{ '--span': l.w } as React.CSSProperties}>
            <WidgetCard
              widgetId={w.widgetId}
              options={w.options}
              range={range}
              site={site}
              height={chartHeight(l.h)}
              actions={actions?.(l.key, i)}
            />
          </div>
        );
      })}
    </div>
  );
}
