import type {
  AccessInput,
  AdminUser,
  AdminUserDetail,
  AdminUserPage,
  CreateUserRequest,
  PasswordMailResult,
  UpdateUserRequest,
  userListQuery,
} from '@kestrel/contract';
import { and, asc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { changedFields, recordAudit } from '../../platform/admin/audit';
import { issuePasswordLink } from '../../platform/admin/password-links';
import type { DbOrTx } from '../../platform/db';
import { customers, sessions, users } from '../../platform/db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { assertNotLastProviderAdmin, checkGrant, effectOf, readAccess, writeAccess } from './access';
import { type AdminContext, iso, likePattern, refuse } from './context';
import { invitationMail, resetMail } from './mails';

/**
 * Users (docs/administration.md "Users and access"): provider admins manage everyone, customer
 * admins the users whose home customer lies in their own customer tree. Others' users answer
 * 404, as if they did not exist.
 */
function manageable(ctx: AdminContext): SQL {
  if (ctx.user.role === 'provider_admin') return sql`true`;
  return ctx.scope.customerIds.length ? inArray(users.customerId, ctx.scope.customerIds) : sql`false`;
}

const pendingInvitation = sql<boolean>`(${users.passwordHash} is null and ${users.userType} = 'local' and exists (
  select 1 from password_links l where l.user_id = ${users.id} and l.purpose = 'invite' and l.used_at is null))`;

async function selectUsers(db: DbOrTx, where: SQL | undefined, limit = 1000, offset = 0) {
  return db
    .select({
      id: users.id,
      email: users.email,
      displayName: users.displayName,
      role: users.role,
      userType: users.userType,
      customerId: users.customerId,
      customerName: customers.name,
      active: users.active,
      applications: sql<
        number[]
      >`array(select ua.application_id from user_applications ua where ua.user_id = ${users.id} order by 1)`,
      invitationPending: pendingInvitation,
      lastLoginAt: users.lastLoginAt,
      createdAt: users.createdAt,
      jobTitle: users.jobTitle,
      phone: users.phone,
    })
    .from(users)
    .leftJoin(customers, eq(customers.id, users.customerId))
    .where(where)
    .orderBy(asc(users.displayName), asc(users.id))
    .limit(limit)
    .offset(offset);
}

type Selected = Awaited<ReturnType<typeof selectUsers>>[number];
const toUser = (r: Selected): AdminUser => ({
  id: r.id,
  email: r.email,
  displayName: r.displayName,
  role: r.role,
  userType: r.userType,
  customerId: r.customerId,
  customerName: r.customerName,
  active: r.active,
  applications: (r.applications ?? []).map(Number),
  invitationPending: Boolean(r.invitationPending),
  lastLoginAt: iso(r.lastLoginAt),
  createdAt: r.createdAt.toISOString(),
});

export async function listUsers(ctx: AdminContext, q: z.infer<typeof userListQuery>): Promise<AdminUserPage> {
  const where = and(
    manageable(ctx),
    q.search
      ? or(ilike(users.displayName, likePattern(q.search)), ilike(users.email, likePattern(q.search)))
      : undefined,
    q.active !== undefined ? eq(users.active, q.active) : undefined,
    q.customerId !== undefined ? eq(users.customerId, q.customerId) : undefined,
    q.role ? eq(users.role, q.role) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectUsers(ctx.db, where, q.limit, q.offset),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { rows: rows.map(toUser), total: total?.n ?? 0 };
}

async function detailOf(tx: DbOrTx, id: number): Promise<AdminUserDetail> {
  const [r] = await selectUsers(tx, eq(users.id, id), 1);
  if (!r) throw notFound(`There is no user ${id}.`);
  const { user, ...access } = await readAccess(tx, id);
  return {
    ...toUser(r),
    jobTitle: r.jobTitle,
    phone: r.phone,
    access: { ...access, effect: await effectOf(tx, user) },
  };
}

/** The user, if the caller may manage them (else 404). */
async function managedUser(tx: DbOrTx, ctx: AdminContext, id: number) {
  const [u] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), manageable(ctx)));
  if (!u) throw notFound(`There is no user ${id}.`);
  return u;
}

export async function getUser(ctx: AdminContext, id: number) {
  await managedUser(ctx.db, ctx, id);
  return detailOf(ctx.db, id);
}

const auditUser = (d: AdminUserDetail) => ({
  email: d.email,
  displayName: d.displayName,
  jobTitle: d.jobTitle,
  phone: d.phone,
  active: d.active,
});
const auditAccess = (d: AdminUserDetail) => ({
  role: d.access.role,
  customerId: d.access.customerId,
  applicationIds: d.access.applicationIds,
  customerIds: d.access.customers.map((c) => c.id),
  siteIds: d.access.sites.map((s) => s.id),
});

async function assertEmailFree(tx: DbOrTx, email: string, exceptId: number | null) {
  const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (taken && taken.id !== exceptId) {
    throw refuse('email', `${email} already belongs to another user; search for them instead`);
  }
}

export async function createUser(ctx: AdminContext, body: CreateUserRequest) {
  const mailIds: number[] = [];
  const result = await ctx.db.transaction(async (tx) => {
    const email = body.email;
    await assertEmailFree(tx, email, null);
    const access = await checkGrant(tx, ctx, body.access, null);
    const [row] = await tx
      .insert(users)
      .values({
        email,
        displayName: body.displayName,
        jobTitle: body.jobTitle ?? null,
        phone: body.phone ?? null,
        role: access.role,
        customerId: access.customerId,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning({ id: users.id });
    const id = row!.id;
    await writeAccess(tx, id, access, ctx.now);
    const detail = await detailOf(tx, id);
    await recordAudit(
      tx,
      ctx.actor,
      {
        customerId: detail.customerId,
        action: 'create',
        entity: 'user',
        entityId: id,
        after: { ...auditUser(detail), ...auditAccess(detail) },
      },
      ctx.now,
    );
    let invitation: PasswordMailResult | null = null;
    if (body.invite !== false) invitation = await sendLink(tx, ctx, detail, 'invite', mailIds);
    return { user: invitation ? await detailOf(tx, id) : detail, invitation };
  });
  await ctx.app.mailer.deliver(mailIds);
  return result;
}

export async function updateUser(ctx: AdminContext, id: number, body: UpdateUserRequest) {
  return ctx.db.transaction(async (tx) => {
    const u = await managedUser(tx, ctx, id);
    if (body.email && body.email !== u.email) {
      if (u.userType === 'sso')
        throw refuse('email', 'the identity provider decides the address of a single sign-on user');
      await assertEmailFree(tx, body.email, id);
    }
    const before = await detailOf(tx, id);
    await tx
      .update(users)
      .set({
        email: body.email,
        displayName: body.displayName,
        jobTitle: body.jobTitle,
        phone: body.phone,
        updatedAt: ctx.now,
      })
      .where(eq(users.id, id));
    const after = await detailOf(tx, id);
    const diff = changedFields(auditUser(before), auditUser(after));
    if (diff) {
      await recordAudit(
        tx,
        ctx.actor,
        { customerId: after.customerId, action: 'update', entity: 'user', entityId: id, ...diff },
        ctx.now,
      );
    }
    return after;
  });
}

/** Deactivation ends every session of the user at once (and sign-in refuses them). */
export async function setUserActive(ctx: AdminContext, id: number, active: boolean) {
  return ctx.db.transaction(async (tx) => {
    const u = await managedUser(tx, ctx, id);
    if (!active && id === ctx.user.id)
      throw forbidden('You cannot deactivate yourself; ask another administrator.');
    if (!active && u.role === 'provider_admin') await assertNotLastProviderAdmin(tx, id);
    if (u.active !== active) {
      await tx.update(users).set({ active, updatedAt: ctx.now }).where(eq(users.id, id));
      let sessionsEnded = 0;
      if (!active) {
        const ended = await tx
          .update(sessions)
          .set({ revokedAt: ctx.now })
          .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)))
          .returning({ id: sessions.id });
        sessionsEnded = ended.length;
      }
      await recordAudit(
        tx,
        ctx.actor,
        {
          customerId: u.customerId,
          action: active ? 'activate' : 'deactivate',
          entity: 'user',
          entityId: id,
          before: { active: u.active },
          after: active ? { active } : { active, sessionsEnded },
        },
        ctx.now,
      );
    }
    return detailOf(tx, id);
  });
}

export async function setUserAccess(ctx: AdminContext, id: number, input: AccessInput) {
  return ctx.db.transaction(async (tx) => {
    const u = await managedUser(tx, ctx, id);
    const access = await checkGrant(tx, ctx, input, { id: u.id, role: u.role });
    if (u.role === 'provider_admin' && access.role !== 'provider_admin')
      await assertNotLastProviderAdmin(tx, id);
    const before = await detailOf(tx, id);
    await writeAccess(tx, id, access, ctx.now);
    const after = await detailOf(tx, id);
    const diff = changedFields(auditAccess(before), auditAccess(after));
    if (diff) {
      await recordAudit(
        tx,
        ctx.actor,
        {
          customerId: after.customerId ?? before.customerId,
          action: 'set_access',
          entity: 'user',
          entityId: id,
          ...diff,
        },
        ctx.now,
      );
    }
    return after;
  });
}

/** An e-mailed single-use link: reset (existing password) or invitation (none yet). */
export async function sendPasswordLink(ctx: AdminContext, id: number, purpose: 'reset' | 'invite') {
  const mailIds: number[] = [];
  const result = await ctx.db.transaction(async (tx) => {
    const u = await managedUser(tx, ctx, id);
    if (u.userType === 'sso') {
      throw badRequest(
        `${u.email} signs in through single sign-on; their password is kept by the identity provider.`,
      );
    }
    if (!u.active) throw badRequest(`${u.email} is deactivated; activate the account first.`);
    if (purpose === 'invite' && u.passwordHash) {
      throw conflict(`${u.email} has already set a password; send a password reset instead.`);
    }
    const detail = await detailOf(tx, id);
    return sendLink(tx, ctx, detail, purpose, mailIds);
  });
  await ctx.app.mailer.deliver(mailIds);
  return result;
}

async function sendLink(
  tx: DbOrTx,
  ctx: AdminContext,
  user: AdminUserDetail,
  purpose: 'reset' | 'invite',
  mailIds: number[],
): Promise<PasswordMailResult> {
  const cfg = ctx.app.config;
  const validForMs =
    purpose === 'reset' ? cfg.PASSWORD_RESET_MINUTES * 60_000 : cfg.INVITATION_DAYS * 86_400_000;
  const { token, expiresAt } = await issuePasswordLink(tx, {
    userId: user.id,
    purpose,
    createdByUserId: ctx.user.id,
    now: ctx.now,
    validForMs,
  });
  const link = `${cfg.PUBLIC_URL.replace(/\/+$/, '')}/set-password#token=${token}`;
  const mail = (purpose === 'reset' ? resetMail : invitationMail)({
    productName: cfg.PRODUCT_NAME,
    providerName: cfg.PROVIDER_NAME,
    displayName: user.displayName,
    inviter: ctx.user.displayName,
    link,
    expiresAt,
  });
  const mailId = await ctx.app.mailer.record(tx, { to: user.email, customerId: user.customerId, ...mail });
  mailIds.push(mailId);
  await recordAudit(
    tx,
    ctx.actor,
    {
      customerId: user.customerId,
      action: purpose === 'reset' ? 'reset_password' : 'invite',
      entity: 'user',
      entityId: user.id,
      after: { sentTo: user.email, expiresAt: expiresAt.toISOString(), mailId },
    },
    ctx.now,
  );
  return {
    sentTo: user.email,
    expiresAt: expiresAt.toISOString(),
    delivered: ctx.app.mailer.delivers,
    mailId,
  };
}
