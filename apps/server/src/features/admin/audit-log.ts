import type { AuditEvent, AuditPage, auditQuery, OutboxPage } from '@kestrel/contract';
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { auditEvents, mailOutbox } from '../../platform/db/schema';
import type { AdminContext } from './context';

/**
 * Reading the audit trail: provider admins read all of it, customer admins the events of their
 * own customer tree. Filters by day (UTC), customer, entity and actor; newest first.
 */
function where(ctx: AdminContext, q: z.infer<typeof auditQuery>): SQL | undefined {
  const own =
    ctx.user.role === 'provider_admin'
      ? undefined
      : ctx.scope.customerIds.length
        ? inArray(auditEvents.customerId, ctx.scope.customerIds)
        : sql`false`;
  return and(
    own,
    q.from ? gte(auditEvents.at, new Date(`${q.from}T00:00:00Z`)) : undefined,
    q.to ? lt(auditEvents.at, new Date(Date.parse(`${q.to}T00:00:00Z`) + 86_400_000)) : undefined,
    q.customerId !== undefined ? eq(auditEvents.customerId, q.customerId) : undefined,
    q.entity ? eq(auditEvents.entity, q.entity) : undefined,
    q.entityId !== undefined ? eq(auditEvents.entityId, q.entityId) : undefined,
    q.actorUserId !== undefined ? eq(auditEvents.actorUserId, q.actorUserId) : undefined,
  );
}

const toEvent = (r: typeof auditEvents.$inferSelect): AuditEvent => ({
  id: Number(r.id),
  at: r.at.toISOString(),
  actorUserId: r.actorUserId,
  actorEmail: r.actorEmail,
  customerId: r.customerId,
  action: r.action,
  entity: r.entity,
  entityId: r.entityId,
  before: r.before ?? null,
  after: r.after ?? null,
  ip: r.ip,
});

export async function readAudit(ctx: AdminContext, q: z.infer<typeof auditQuery>): Promise<AuditPage> {
  const w = where(ctx, q);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(auditEvents)
      .where(w)
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(q.limit)
      .offset(q.offset),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents).where(w),
  ]);
  return { rows: rows.map(toEvent), total: total?.n ?? 0 };
}

const CSV_COLUMNS = [
  'at',
  'actor',
  'customerId',
  'action',
  'entity',
  'entityId',
  'before',
  'after',
  'ip',
] as const;

/** One CSV field: quoted when needed; a leading =, +, - or @ is defused for spreadsheets. */
export function csvField(value: unknown): string {
  let s = value == null ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The trail as CSV (at most 50,000 rows, newest first, the same filters as the page). */
export async function auditCsv(ctx: AdminContext, q: z.infer<typeof auditQuery>): Promise<string> {
  const rows = await ctx.db
    .select()
    .from(auditEvents)
    .where(where(ctx, q))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(50_000);
  const lines = [CSV_COLUMNS.join(',')];
  for (const r of rows) {
    lines.push(
      [
        r.at.toISOString(),
        r.actorEmail,
        r.customerId,
        r.action,
        r.entity,
        r.entityId,
        r.before,
        r.after,
        r.ip,
      ]
        .map(csvField)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

export async function readOutbox(ctx: AdminContext, limit: number, offset: number): Promise<OutboxPage> {
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(limit)
      .offset(offset),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox),
  ]);
  return {
    delivers: ctx.app.mailer.delivers,
    total: total?.n ?? 0,
    rows: rows.map((r) => ({
      id: r.id,
      to: r.to,
      subject: r.subject,
      text: r.text,
      createdAt: r.createdAt.toISOString(),
      status: r.status,
      sentAt: r.sentAt?.toISOString() ?? null,
      error: r.error,
    })),
  };
}
