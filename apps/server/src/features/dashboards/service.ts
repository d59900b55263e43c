import type { DashboardData, DashboardDefinition, Role } from '@kestrel/contract';
import { DASHBOARD_SCHEMA_VERSION } from '@kestrel/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { dashboards, dashboardWidgets } from '../../platform/db/schema';
import { conflict, forbidden, notFound } from '../../platform/errors';

type DashboardRow = typeof dashboards.$inferSelect;
interface Caller {
  id: number;
  role: Role;
  customerId: number | null;
}

/**
 * Who may do what with a dashboard: read own and templates; change own (as its flags allow);
 * templates are changed only by provider administrators. Someone else's dashboard is "not
 * found", never "forbidden", so that ids reveal nothing.
 */
async function load(db: DbOrTx, caller: Caller, id: number): Promise<DashboardRow> {
  const [row] = await db.select().from(dashboards).where(eq(dashboards.id, id)).limit(1);
  if (!row || (!row.isTemplate && row.userId !== caller.id)) throw notFound('There is no such dashboard.');
  return row;
}

function mayChange(caller: Caller, row: DashboardRow, what: 'edit' | 'delete') {
  if (row.isTemplate && caller.role !== 'provider_admin')
    throw forbidden('Template dashboards are changed by the provider.');
  if (!row.isTemplate && what === 'edit' && !row.canEdit)
    throw forbidden('This dashboard cannot be changed.');
  if (!row.isTemplate && what === 'delete' && !row.canDelete)
    throw forbidden('This dashboard cannot be deleted.');
}

async function dataOf(db: DbOrTx, row: DashboardRow): Promise<DashboardData> {
  const widgets = await db
    .select()
    .from(dashboardWidgets)
    .where(eq(dashboardWidgets.dashboardId, row.id))
    .orderBy(asc(dashboardWidgets.position));
  return {
    schemaVersion: DASHBOARD_SCHEMA_VERSION,
    widgets: widgets.map((w) => ({
      key: (w.options.key as string) ?? `w${w.position}`,
      widgetId: w.widgetId,
      options: stripKey(w.options),
    })),
    layout: (row.layout as DashboardData['layout']) ?? [],
  };
}

const stripKey = ({ key: _key, ...rest }: Record<string, unknown>) => rest;

const present = async (db: DbOrTx, row: DashboardRow): Promise<DashboardDefinition> => ({
  id: row.id,
  name: row.name,
  state: row.state,
  isTemplate: row.isTemplate,
  edit: row.isTemplate ? false : row.canEdit,
  delete: row.isTemplate ? false : row.canDelete,
  data: await dataOf(db, row),
});

async function writeWidgets(tx: DbOrTx, dashboardId: number, data: DashboardData) {
  await tx.delete(dashboardWidgets).where(eq(dashboardWidgets.dashboardId, dashboardId));
  if (data.widgets.length) {
    await tx.insert(dashboardWidgets).values(
      // The client's key travels in options so that the layout can name the widget.
      data.widgets.map((w, position) => ({
        dashboardId,
        widgetId: w.widgetId,
        position,
        options: { ...w.options, key: w.key },
      })),
    );
  }
}

export async function listDashboards(db: Db, caller: Caller): Promise<DashboardDefinition[]> {
  const rows = await db
    .select()
    .from(dashboards)
    .where(and(eq(dashboards.userId, caller.id), eq(dashboards.isTemplate, false)))
    .orderBy(asc(dashboards.name), asc(dashboards.id));
  return Promise.all(rows.map((r) => present(db, r)));
}

export async function listTemplates(db: Db) {
  return db
    .select()
    .from(dashboards)
    .where(eq(dashboards.isTemplate, true))
    .orderBy(asc(dashboards.name), asc(dashboards.id));
}

export const getDashboard = async (db: Db, caller: Caller, id: number) =>
  present(db, await load(db, caller, id));

const UNTITLED = 'Untitled dashboard';

/** "Untitled dashboard", or the first "Untitled dashboard N" the caller does not have yet. */
async function freeUntitledName(db: DbOrTx, caller: Caller): Promise<string> {
  const taken = new Set(
    (
      await db
        .select({ name: dashboards.name })
        .from(dashboards)
        .where(
          and(
            eq(dashboards.userId, caller.id),
            eq(dashboards.isTemplate, false),
            sql`lower(${dashboards.name}) like lower(${`${UNTITLED}%`})`,
          ),
        )
    ).map((r) => r.name.toLowerCase()),
  );
  if (!taken.has(UNTITLED.toLowerCase())) return UNTITLED;
  for (let n = 2; ; n++) if (!taken.has(`${UNTITLED} ${n}`.toLowerCase())) return `${UNTITLED} ${n}`;
}

async function assertNameFree(db: DbOrTx, caller: Caller, name: string, exceptId?: number) {
  const [clash] = await db
    .select({ id: dashboards.id })
    .from(dashboards)
    .where(
      and(
        eq(dashboards.userId, caller.id),
        eq(dashboards.isTemplate, false),
        sql`lower(${dashboards.name}) = lower(${name})`,
      ),
    )
    .limit(1);
  if (clash && clash.id !== exceptId)
    throw conflict(`You already have a dashboard called "${name}". Choose another name.`);
}

export async function createDashboard(
  db: Db,
  caller: Caller,
  // A client's `id` (the brief's payload) is never read: the database assigns the new id.
  input: { name?: string; data?: DashboardData; copyOf?: number },
  now: Date,
): Promise<DashboardDefinition> {
  const data =
    input.copyOf !== undefined ? await dataOf(db, await load(db, caller, input.copyOf)) : input.data!;
  return db.transaction(async (tx) => {
    const name = input.name ?? (await freeUntitledName(tx, caller));
    await assertNameFree(tx, caller, name);
    const [row] = await tx
      .insert(dashboards)
      .values({
        userId: caller.id,
        customerId: caller.customerId,
        name,
        schemaVersion: DASHBOARD_SCHEMA_VERSION,
        layout: data.layout,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await writeWidgets(tx, row!.id, data);
    return present(tx, row!);
  });
}

export async function updateDashboard(db: Db, caller: Caller, id: number, data: DashboardData, now: Date) {
  const row = await load(db, caller, id);
  mayChange(caller, row, 'edit');
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(dashboards)
      .set({ layout: data.layout, schemaVersion: DASHBOARD_SCHEMA_VERSION, updatedAt: now })
      .where(eq(dashboards.id, id))
      .returning();
    await writeWidgets(tx, id, data);
    return present(tx, updated!);
  });
}

export async function renameDashboard(
  db: Db,
  caller: Caller,
  id: number,
  input: { dashboardName: string; dashboardState?: string; delete?: boolean; edit?: boolean },
  now: Date,
) {
  const row = await load(db, caller, id);
  mayChange(caller, row, 'edit');
  await assertNameFree(db, caller, input.dashboardName, id);
  const flags =
    caller.role === 'provider_admin'
      ? {
          ...(input.delete !== undefined && { canDelete: input.delete }),
          ...(input.edit !== undefined && { canEdit: input.edit }),
        }
      : {};
  await db
    .update(dashboards)
    .set({
      name: input.dashboardName,
      ...(input.dashboardState && { state: input.dashboardState }),
      ...flags,
      updatedAt: now,
    })
    .where(eq(dashboards.id, id));
}

/** Idempotent: deleting a dashboard that is already gone succeeds (the client deletes it twice). */
export async function deleteDashboard(db: Db, caller: Caller, id: number) {
  const [row] = await db.select().from(dashboards).where(eq(dashboards.id, id)).limit(1);
  // Unknown and other people's dashboards answer alike, so ids cannot be probed.
  if (!row || (!row.isTemplate && row.userId !== caller.id)) throw notFound('There is no such dashboard.');
  mayChange(caller, row, 'delete');
  await db.delete(dashboards).where(eq(dashboards.id, id));
}
