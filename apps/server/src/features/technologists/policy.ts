import type { Role } from '@kestrel/contract';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { technologists } from '../../platform/db/schema';
import { type Scope, siteVisible } from '../../platform/scope';

/**
 * Who may change technologist records (docs/architecture.md "Who sees what"). Names, merges, comments and status are
 * the customer's own staff records: the provider administrator (for any customer, e.g. on the
 * customer's behalf) and the customer administrator (for their customer tree, by scope) may
 * change them. Service engineers, sales representatives and customer users read them only:
 * they look after devices and accounts, not the customer's people. Everyone sees only the
 * technologists of the sites in their scope; others answer 404 as if they did not exist.
 */
export const TECH_EDITORS: readonly Role[] = ['provider_admin', 'customer_admin'];

export const technologistVisible = (scope: Scope): SQL => siteVisible(scope, technologists.siteId);

export async function visibleTechnologists(db: DbOrTx, scope: Scope, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select()
    .from(technologists)
    .where(and(inArray(technologists.id, ids), technologistVisible(scope)));
}

export async function visibleTechnologist(db: DbOrTx, scope: Scope, id: number) {
  const [row] = await db
    .select()
    .from(technologists)
    .where(and(eq(technologists.id, id), technologistVisible(scope)));
  return row;
}
