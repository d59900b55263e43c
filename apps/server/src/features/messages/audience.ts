import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { rowsOf } from '../../platform/db/rows';
import { scopeFor } from '../../platform/scope';

/**
 * Who hears about a site or device (docs/messages.md §1): every active user who may see the
 * site, by the same scope rules as every query (platform/scope.ts). Scopes are computed once per
 * call, so an evaluation with many alerts costs one scope per user, not one per alert.
 */
export interface Audience {
  /** Users who see these sites (an alert's recipients). */
  siteIds?: number[];
  /** Everyone active (release notices). */
  everyone?: boolean;
}

export async function audienceResolver(db: DbOrTx) {
  const people = rowsOf<{
    id: number;
    email: string;
    display_name: string;
    role: string;
    user_type: string;
    customer_id: number | null;
  }>(
    await db.execute(
      sql`select id, email, display_name, role, user_type, customer_id from users where active order by id`,
    ),
  );
  const scopes = await Promise.all(
    people.map(async (p) => ({
      userId: Number(p.id),
      scope: await scopeFor(db, {
        id: Number(p.id),
        email: p.email,
        displayName: p.display_name,
        role: p.role as never,
        userType: p.user_type as never,
        customerId: p.customer_id === null ? null : Number(p.customer_id),
      }),
    })),
  );
  return {
    /** Active users who see the site (all sites when `siteId` is null: only full-fleet users). */
    whoSees(siteId: number | null): number[] {
      return scopes
        .filter((s) => s.scope.all || (siteId !== null && s.scope.siteIds.includes(siteId)))
        .map((s) => s.userId);
    },
    everyone: () => scopes.map((s) => s.userId),
  };
}
