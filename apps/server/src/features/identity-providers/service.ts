import type { IdentityProvider, IdentityProviderInput, Role } from '@kestrel/contract';
import { isProviderRole } from '@kestrel/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Actor, changedFields, recordAudit } from '../../platform/admin/audit';
import { customers, identityProviders, sites } from '../../platform/db/schema';
import { conflict, HttpError, invalidBodyField, notFound } from '../../platform/errors';
import { secretContext } from '../../platform/sso/secret-box';
import { backchannelUri, redirectUri } from '../sso/oidc';
import { secretBox } from '../sso/providers';

type Row = typeof identityProviders.$inferSelect;

/** What the administration page shows of a provider: everything but the secret (docs/sso.md). */
function present(app: FastifyInstance, row: Row, customerName: string | null): IdentityProvider {
  return {
    id: row.id,
    name: row.name,
    customerId: row.customerId,
    customerName,
    issuer: row.issuer,
    clientId: row.clientId,
    hasClientSecret: !!row.clientSecretEncrypted,
    domains: row.domains,
    active: row.active,
    jitMode: row.jitMode,
    jitRole: row.jitRole,
    jitApplicationIds: row.jitApplicationIds,
    jitSiteIds: row.jitSiteIds,
    redirectUri: redirectUri(app),
    backchannelLogoutUri: backchannelUri(app),
  };
}

/** The audit trail's view of a row: no secret, not even sealed. */
const audited = (row: Row) => {
  const { clientSecretEncrypted: _secret, createdAt: _c, updatedAt: _u, ...rest } = row;
  return rest as Record<string, unknown>;
};

export async function listProviders(app: FastifyInstance): Promise<IdentityProvider[]> {
  const rows = await app.db
    .select({ p: identityProviders, customerName: customers.name })
    .from(identityProviders)
    .leftJoin(customers, eq(customers.id, identityProviders.customerId))
    .orderBy(asc(identityProviders.name), asc(identityProviders.id));
  return rows.map((r) => present(app, r.p, r.customerName));
}

function requireBox(app: FastifyInstance) {
  const box = secretBox(app);
  if (!box) {
    throw new HttpError(
      409,
      'sso_key_missing',
      'SSO_SECRET_KEY is not set on the server, so a client secret cannot be stored safely. Ask the operator to set it.',
    );
  }
  return box;
}

/** Rules a schema cannot check: the customer exists, the JIT role fits it, the sites are its own, domains are unique. */
async function check(app: FastifyInstance, input: IdentityProviderInput, selfId: number | null) {
  const tx = app.db;
  let customerName: string | null = null;
  if (input.customerId !== null) {
    const [c] = await tx
      .select({ name: customers.name })
      .from(customers)
      .where(eq(customers.id, input.customerId));
    if (!c) throw notFound('No such customer.');
    customerName = c.name;
  }
  if (input.jitMode === 'on') {
    if (!input.jitRole) throw invalidBodyField('jitRole', 'is required when just-in-time creation is on');
    const staff = isProviderRole(input.jitRole as Role);
    if (input.customerId === null && !staff) {
      throw invalidBodyField('jitRole', "must be a provider role for the provider's own staff");
    }
    if (input.customerId !== null && staff) throw invalidBodyField('jitRole', 'must be a customer role');
  }
  if (input.jitSiteIds.length) {
    if (input.customerId === null)
      throw invalidBodyField('jitSiteIds', 'sites are granted only for a customer');
    const own = await tx
      .select({ id: sites.id })
      .from(sites)
      .where(and(inArray(sites.id, input.jitSiteIds), eq(sites.customerId, input.customerId)));
    if (own.length !== new Set(input.jitSiteIds).size) {
      throw invalidBodyField('jitSiteIds', "must be sites of the provider's customer");
    }
  }
  const all = await tx
    .select({ id: identityProviders.id, domains: identityProviders.domains })
    .from(identityProviders);
  for (const d of input.domains) {
    if (all.some((p) => p.id !== selfId && p.domains.includes(d))) {
      throw invalidBodyField('domains', `${d} already routes to another identity provider`);
    }
  }
  return customerName;
}

export async function createProvider(app: FastifyInstance, actor: Actor, input: IdentityProviderInput) {
  const box = requireBox(app);
  if (!input.clientSecret) throw invalidBodyField('clientSecret', 'is required');
  const customerName = await check(app, input, null);
  const now = app.now();
  const { clientSecret, ...fields } = input;
  return duplicateAsConflict(() =>
    app.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(identityProviders)
        .values({
          ...fields,
          domains: [...new Set(fields.domains)],
          clientSecretEncrypted: box.seal(clientSecret, secretContext(fields)),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await recordAudit(
        tx,
        actor,
        {
          customerId: row!.customerId,
          action: 'create',
          entity: 'identity_provider',
          entityId: row!.id,
          after: audited(row!),
        },
        now,
      );
      return present(app, row!, customerName);
    }),
  );
}

/** Issuer and client id name one provider: a second one is a 409, not a 500. */
async function duplicateAsConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const text = `${String(error)} ${String((error as { cause?: unknown }).cause ?? '')}`;
    if (
      (error as { code?: string }).code === '23505' ||
      /identity_providers_issuer_client|duplicate key/.test(text)
    ) {
      throw conflict('An identity provider with this issuer and client id exists already.');
    }
    throw error;
  }
}

export async function updateProvider(
  app: FastifyInstance,
  actor: Actor,
  id: number,
  input: IdentityProviderInput,
) {
  const [before] = await app.db.select().from(identityProviders).where(eq(identityProviders.id, id));
  if (!before) throw notFound('No such identity provider.');
  const customerName = await check(app, input, id);
  const now = app.now();
  const { clientSecret, ...fields } = input;
  const box = requireBox(app);
  // The secret is sealed to issuer and client id: a change of either re-seals it.
  let sealed = before.clientSecretEncrypted;
  if (clientSecret) sealed = box.seal(clientSecret, secretContext(fields));
  else if (secretContext(before) !== secretContext(fields)) {
    sealed = box.seal(box.open(before.clientSecretEncrypted, secretContext(before)), secretContext(fields));
  }
  return duplicateAsConflict(() =>
    app.db.transaction(async (tx) => {
      const [row] = await tx
        .update(identityProviders)
        .set({
          ...fields,
          domains: [...new Set(fields.domains)],
          clientSecretEncrypted: sealed,
          updatedAt: now,
        })
        .where(eq(identityProviders.id, id))
        .returning();
      const diff = changedFields(audited(before), audited(row!));
      const secretChanged = !!clientSecret;
      if (diff || secretChanged) {
        await recordAudit(
          tx,
          actor,
          {
            customerId: row!.customerId,
            action: 'update',
            entity: 'identity_provider',
            entityId: id,
            before: diff?.before ?? {},
            after: { ...(diff?.after ?? {}), ...(secretChanged ? { clientSecret: 'replaced' } : {}) },
          },
          now,
        );
      }
      return present(app, row!, customerName);
    }),
  );
}

export async function deleteProvider(app: FastifyInstance, actor: Actor, id: number) {
  const now = app.now();
  await app.db.transaction(async (tx) => {
    const [row] = await tx.delete(identityProviders).where(eq(identityProviders.id, id)).returning();
    if (!row) throw notFound('No such identity provider.');
    await recordAudit(
      tx,
      actor,
      {
        customerId: row.customerId,
        action: 'delete',
        entity: 'identity_provider',
        entityId: id,
        before: audited(row),
      },
      now,
    );
  });
}

/** Active customers by name, for the page's customer choice (provider admins see all). */
export async function customerChoices(app: FastifyInstance) {
  return app.db
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(eq(customers.active, true))
    .orderBy(asc(customers.name));
}
