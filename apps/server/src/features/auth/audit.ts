import type { LoginAuditEntry, LoginDetailsFilter } from '@kestrel/contract';
import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { loginAudit } from '../../platform/db/schema';
import type { Scope } from '../../platform/scope';
import { customerVisible } from '../../platform/scope';

export interface AuditInput {
  email: string;
  userId: number | null;
  customerId: number | null;
  success: boolean;
  reason: string | null;
  ip: string | null;
  userAgent: string | null;
  method: 'local' | 'sso';
  at: Date;
}

export async function recordLogin(db: DbOrTx, entry: AuditInput) {
  await db.insert(loginAudit).values({ ...entry, userAgent: entry.userAgent?.slice(0, 512) ?? null });
}

/** Failed sign-ins for one address since `since`, for the per-account lock-out. */
export async function failuresSince(db: DbOrTx, email: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loginAudit)
    .where(and(eq(loginAudit.email, email), eq(loginAudit.success, false), gte(loginAudit.at, since)));
  return row?.n ?? 0;
}

/**
 * The sign-in log the caller may read: everything for provider admins, their own customers'
 * people for customer admins (the route decides who may call at all).
 */
export async function listLogins(
  db: DbOrTx,
  scope: Scope,
  filter: LoginDetailsFilter,
): Promise<{ total: number; rows: LoginAuditEntry[] }> {
  const where: SQL[] = [customerVisible(scope, loginAudit.customerId)];
  if (filter.from) where.push(gte(loginAudit.at, new Date(filter.from)));
  if (filter.to) where.push(lte(loginAudit.at, new Date(filter.to)));
  if (filter.email) where.push(eq(loginAudit.email, filter.email.toLowerCase()));
  if (filter.success !== undefined) where.push(eq(loginAudit.success, filter.success));
  const [total] = await db
    .select({ n: count() })
    .from(loginAudit)
    .where(and(...where));
  const rows = await db
    .select()
    .from(loginAudit)
    .where(and(...where))
    .orderBy(desc(loginAudit.at), desc(loginAudit.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return {
    total: total?.n ?? 0,
    rows: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      email: r.email,
      userId: r.userId,
      success: r.success,
      reason: r.reason,
      ip: r.ip,
      userAgent: r.userAgent,
      method: r.method,
    })),
  };
}
