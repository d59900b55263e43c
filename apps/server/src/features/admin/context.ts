import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../../platform/admin/audit';
import type { AuthUser } from '../../platform/auth/sessions';
import type { Db, DbOrTx } from '../../platform/db';
import { rowsOf } from '../../platform/db/rows';
import { HttpError, notFound } from '../../platform/errors';
import type { Scope } from '../../platform/scope';

/** Everything an administrative action needs: who acts, what they may see, the clock. */
export interface AdminContext {
  app: FastifyInstance;
  db: Db;
  user: AuthUser;
  /** Applications the acting user holds. */
  applications: number[];
  scope: Scope;
  now: Date;
  actor: Actor;
}

export async function adminContext(app: FastifyInstance, request: FastifyRequest): Promise<AdminContext> {
  return {
    app,
    db: app.db,
    user: request.user,
    applications: request.auth?.applications ?? [],
    scope: await request.scope(),
    now: app.now(),
    actor: { id: request.user.id, email: request.user.email, ip: request.ip },
  };
}

/** The customer is one the caller may see, else 404 as if it did not exist (docs/security.md). */
export function assertCustomerVisible(ctx: AdminContext, customerId: number, what = 'customer') {
  if (!ctx.scope.all && !ctx.scope.customerIds.includes(customerId)) {
    throw notFound(`There is no ${what} ${customerId}.`);
  }
}

export function assertSiteVisible(ctx: AdminContext, siteId: number) {
  if (!ctx.scope.all && !ctx.scope.siteIds.includes(siteId)) throw notFound(`There is no site ${siteId}.`);
}

/** A customer and all customers below it. */
export async function customerTree(db: DbOrTx, rootId: number): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`with recursive tree(id) as (
        select ${rootId}::int union select c.id from customers c join tree on c.parent_id = tree.id)
      select id from tree`),
  );
  return rows.map((r) => Number(r.id));
}

/** The top of the customer's network (itself when it has no parent). */
export async function networkRoot(db: DbOrTx, customerId: number): Promise<number> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`with recursive up(id, parent_id, depth) as (
        select id, parent_id, 0 from customers where id = ${customerId}
        union all select c.id, c.parent_id, up.depth + 1 from customers c join up on c.id = up.parent_id)
      select id from up order by depth desc limit 1`),
  );
  return Number(rows[0]?.id ?? customerId);
}

/** Escape LIKE wildcards so a search for "50%" finds "50%", not everything. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * A 400 for one field that passed the schema but breaks an administrative rule (a grant beyond
 * the granter's reach, a cycle, a duplicate address): `issues` names the field for the form, and
 * the code says it was a rule, not malformed input.
 */
export const refuse = (field: string, message: string) =>
  new HttpError(400, 'refused', `Invalid request: body.${field}: ${message}`, [
    { path: `body.${field}`, message },
  ]);
