import { z } from 'zod';
import { id, idText, line } from './bounds';
import { widgetById } from './widgets/catalogue';

/**
 * A saved dashboard (product §5 "Dashboard definition: id and data"). Widgets are kept by id apart
 * from their layout, with a schema version so that old dashboards can be migrated.
 */
export const DASHBOARD_SCHEMA_VERSION = 1;
export const MAX_WIDGETS_PER_DASHBOARD = 24;

export const dashboardWidget = z
  .object({
    key: line(40).min(1),
    widgetId: z.number().int(),
    options: z.record(z.string(), z.unknown()).default({}),
  })
  .superRefine((w, ctx) => {
    const def = widgetById(w.widgetId);
    if (!def) {
      ctx.addIssue({ code: 'custom', path: ['widgetId'], message: `there is no widget ${w.widgetId}` });
      return;
    }
    const parsed = def.options.safeParse(w.options);
    if (!parsed.success) {
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: parsed.error.issues.map((i) => i.message).join('; '),
      });
    }
  });

export const layoutItem = z.object({
  key: line(40).min(1),
  x: z.number().int().min(0).max(11),
  y: z.number().int().min(0).max(1000),
  w: z.number().int().min(1).max(12),
  h: z.number().int().min(1).max(12),
});

export const dashboardData = z
  .object({
    schemaVersion: z.literal(DASHBOARD_SCHEMA_VERSION).default(DASHBOARD_SCHEMA_VERSION),
    widgets: z
      .array(dashboardWidget)
      .max(MAX_WIDGETS_PER_DASHBOARD, `A dashboard holds at most ${MAX_WIDGETS_PER_DASHBOARD} widgets`),
    layout: z.array(layoutItem).default([]),
  })
  .superRefine((d, ctx) => {
    const keys = new Set(d.widgets.map((w) => w.key));
    if (keys.size !== d.widgets.length)
      ctx.addIssue({ code: 'custom', path: ['widgets'], message: 'widget keys must be unique' });
    for (const l of d.layout) {
      if (!keys.has(l.key))
        ctx.addIssue({ code: 'custom', path: ['layout'], message: `layout names unknown widget ${l.key}` });
    }
  });
export type DashboardData = z.infer<typeof dashboardData>;

const dashboardName = line(200)
  .trim()
  .min(1, 'name is required')
  .max(80, 'name may have at most 80 characters');

export const dashboardDefinition = z.object({
  id: z.number().int(),
  name: z.string(),
  state: z.string(),
  isTemplate: z.boolean(),
  edit: z.boolean(),
  delete: z.boolean(),
  data: dashboardData,
});
export type DashboardDefinition = z.infer<typeof dashboardDefinition>;

/**
 * POST /api/widgets: a new dashboard, from data or as a copy of a template or own dashboard.
 * The brief's shape `{ id, data }` is accepted too: `id` names the dashboard the client was
 * showing, but the server always assigns the new dashboard's id (a client's id never selects or
 * overwrites a row); without a name the dashboard is called "Untitled dashboard" (docs/dashboards.md).
 */
export const createDashboardRequest = z.union([
  z.strictObject({ id: id.optional(), name: dashboardName.optional(), data: dashboardData }),
  z.strictObject({ name: dashboardName, copyOf: id }),
]);
export const updateDashboardRequest = z.strictObject({ data: dashboardData });

/** PUT /api/dashboardState/{id} (product §7): rename; flags only by a provider administrator. */
export const updateDashboardStateRequest = z.strictObject({
  dashboardName,
  dashboardState: line(80).optional(),
  delete: z.boolean().optional(),
  edit: z.boolean().optional(),
});

export const idParam = z.object({ id: idText });
