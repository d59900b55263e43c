import type { DashboardStateItem } from '@kestrel/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { dashboards } from '../../platform/db/schema';

/** The user's own saved dashboards as menu children (product §5 Dashboard menu item). */
export async function dashboardStateOf(db: DbOrTx, userId: number): Promise<DashboardStateItem[]> {
  const rows = await db
    .select()
    .from(dashboards)
    .where(and(eq(dashboards.userId, userId), eq(dashboards.isTemplate, false)))
    .orderBy(asc(dashboards.name), asc(dashboards.id));
  return rows.map((d) => ({
    dashboardId: d.id,
    dashboardName: d.name,
    dashboardState: d.state,
    delete: d.canDelete,
    edit: d.canEdit,
  }));
}
