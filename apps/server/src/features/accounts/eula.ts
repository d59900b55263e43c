import type { EulaAcceptance, EulaStatus, EulaVersion, PublishEulaRequest } from '@kestrel/contract';
import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../platform/admin/audit';
import type { DbOrTx } from '../../platform/db';
import { customers, eulaAcceptances, eulaVersions, users } from '../../platform/db/schema';
import { badRequest, HttpError } from '../../platform/errors';
import type { Scope } from '../../platform/scope';

/**
 * The licence agreement (docs/accounts.md "EULA"). The current version is the latest one whose
 * effective time has come; a user who has not accepted it sees it before anything else.
 */
type VersionRow = typeof eulaVersions.$inferSelect;

const present = (v: VersionRow): EulaVersion => ({
  version: v.version,
  title: v.title,
  body: v.body,
  effectiveAt: v.effectiveAt.toISOString(),
  createdAt: v.createdAt.toISOString(),
});

export async function currentEula(db: DbOrTx, now: Date): Promise<VersionRow | null> {
  const [row] = await db
    .select()
    .from(eulaVersions)
    .where(lte(eulaVersions.effectiveAt, now))
    .orderBy(desc(eulaVersions.effectiveAt), desc(eulaVersions.id))
    .limit(1);
  return row ?? null;
}

export async function eulaStatusOf(db: DbOrTx, userId: number, now: Date): Promise<EulaStatus> {
  const current = await currentEula(db, now);
  if (!current) return { required: false, current: null, acceptedAt: null };
  const [accepted] = await db
    .select({ at: eulaAcceptances.acceptedAt })
    .from(eulaAcceptances)
    .where(and(eq(eulaAcceptances.userId, userId), eq(eulaAcceptances.eulaVersion, current.version)))
    .limit(1);
  return { required: !accepted, current: present(current), acceptedAt: accepted?.at.toISOString() ?? null };
}

/** Only the current version can be accepted: accepting an old or future one would open no gate. */
export async function acceptEula(
  db: DbOrTx,
  input: { userId: number; version: string; ip: string | null; now: Date },
): Promise<EulaStatus> {
  const current = await currentEula(db, input.now);
  if (!current || current.version !== input.version) {
    throw new HttpError(
      409,
      'eula_changed',
      'This is not the current version of the agreement. Reload the page to read the current one.',
    );
  }
  await db
    .insert(eulaAcceptances)
    .values({ userId: input.userId, eulaVersion: current.version, acceptedAt: input.now, ip: input.ip })
    .onConflictDoNothing();
  return eulaStatusOf(db, input.userId, input.now);
}

export async function listEulaVersions(db: DbOrTx): Promise<EulaVersion[]> {
  const rows = await db.select().from(eulaVersions).orderBy(desc(eulaVersions.effectiveAt));
  return rows.map(present);
}

export async function publishEula(
  app: FastifyInstance,
  actor: { id: number; email: string; ip: string | null },
  input: PublishEulaRequest,
): Promise<EulaVersion> {
  const now = app.now();
  const effectiveAt = new Date(input.effectiveAt);
  // Backdating would change what earlier sign-ins agreed to; a minute's leeway for clocks.
  if (effectiveAt.getTime() < now.getTime() - 60_000) {
    throw badRequest('effectiveAt must be now or later: a published agreement cannot apply to the past.');
  }
  return app.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: eulaVersions.id })
      .from(eulaVersions)
      .where(eq(eulaVersions.version, input.version));
    if (existing)
      throw new HttpError(409, 'conflict', `Version ${input.version} already exists; choose a new name.`);
    const [row] = await tx
      .insert(eulaVersions)
      .values({ ...input, effectiveAt, publishedByUserId: actor.id, createdAt: now })
      .returning();
    await recordAudit(
      tx,
      actor,
      {
        customerId: null,
        action: 'publish',
        entity: 'eula_version',
        entityId: row!.id,
        after: { version: row!.version, title: row!.title, effectiveAt: row!.effectiveAt },
      },
      now,
    );
    return present(row!);
  });
}

/** Who accepted which version, for the users the caller may see (provider admins: everyone). */
export async function eulaReport(db: DbOrTx, scope: Scope, version?: string): Promise<EulaAcceptance[]> {
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      displayName: users.displayName,
      customerId: users.customerId,
      customerName: customers.name,
      version: eulaAcceptances.eulaVersion,
      acceptedAt: eulaAcceptances.acceptedAt,
      ip: eulaAcceptances.ip,
    })
    .from(eulaAcceptances)
    .innerJoin(users, eq(users.id, eulaAcceptances.userId))
    .leftJoin(customers, eq(customers.id, users.customerId))
    .where(
      and(
        version ? eq(eulaAcceptances.eulaVersion, version) : undefined,
        scope.all
          ? undefined
          : inArray(users.customerId, scope.customerIds.length ? scope.customerIds : [-1]),
      ),
    )
    .orderBy(desc(eulaAcceptances.acceptedAt))
    .limit(10_000);
  return rows.map((r) => ({ ...r, acceptedAt: r.acceptedAt.toISOString() }));
}
