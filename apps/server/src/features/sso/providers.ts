import type { Role } from '@kestrel/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { identityProviders } from '../../platform/db/schema';
import { SecretBox, secretContext } from '../../platform/sso/secret-box';

/**
 * One identity provider as sign-in uses it (docs/sso.md): a row of `identity_providers`, or the
 * one the environment configures (id null) for single-tenant installs.
 */
export interface SsoProvider {
  /** Null: the provider from SSO_ISSUER. */
  id: number | null;
  name: string;
  /** Null: the provider's own staff. */
  customerId: number | null;
  issuer: string;
  clientId: string;
  clientSecret: () => string;
  domains: string[];
  jitMode: 'off' | 'on';
  jitRole: Role | null;
  jitApplicationIds: number[];
  jitSiteIds: number[];
  /** Changes when the row does, so cached discovery is dropped with it. */
  version: string;
}

let box: { key: string; box: SecretBox } | null = null;
/** The AES-256-GCM box for client secrets, or null when SSO_SECRET_KEY is not set. */
export function secretBox(app: FastifyInstance): SecretBox | null {
  const key = app.config.SSO_SECRET_KEY;
  if (!key) return null;
  if (box?.key !== key) box = { key, box: new SecretBox(key) };
  return box.box;
}

function envProvider(app: FastifyInstance): SsoProvider | null {
  const c = app.config;
  if (!c.SSO_ISSUER || !c.SSO_CLIENT_ID || !c.SSO_CLIENT_SECRET) return null;
  const secret = c.SSO_CLIENT_SECRET;
  return {
    id: null,
    name: c.SSO_NAME,
    customerId: c.SSO_CUSTOMER_ID ?? null,
    issuer: c.SSO_ISSUER,
    clientId: c.SSO_CLIENT_ID,
    clientSecret: () => secret,
    domains: (c.SSO_DOMAINS ?? '')
      .split(',')
      .map((d) => d.trim().toLowerCase())
      .filter(Boolean),
    jitMode: 'off',
    jitRole: null,
    jitApplicationIds: [],
    jitSiteIds: [],
    version: 'env',
  };
}

type Row = typeof identityProviders.$inferSelect;
function fromRow(app: FastifyInstance, row: Row): SsoProvider {
  return {
    id: row.id,
    name: row.name,
    customerId: row.customerId,
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecret: () => {
      const b = secretBox(app);
      if (!b) throw new Error('SSO_SECRET_KEY is not set: the client secret cannot be read');
      return b.open(row.clientSecretEncrypted, secretContext(row));
    },
    domains: row.domains,
    jitMode: row.jitMode,
    jitRole: row.jitRole,
    jitApplicationIds: row.jitApplicationIds,
    jitSiteIds: row.jitSiteIds,
    version: `${row.id}:${row.updatedAt.getTime()}`,
  };
}

/** Every provider that may be used to sign in now. */
export async function activeProviders(app: FastifyInstance): Promise<SsoProvider[]> {
  const rows = await app.db.select().from(identityProviders).where(eq(identityProviders.active, true));
  const env = envProvider(app);
  return [...(env ? [env] : []), ...rows.map((r) => fromRow(app, r))];
}

/** The active provider with this id (null: the environment's), or undefined. */
export async function providerById(
  app: FastifyInstance,
  id: number | null,
): Promise<SsoProvider | undefined> {
  return (await activeProviders(app)).find((p) => p.id === id);
}

export const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** The provider an e-mail address's domain routes to. */
export async function providerForEmail(app: FastifyInstance, email: string) {
  const domain = domainOf(email);
  return (await activeProviders(app)).find((p) => p.domains.includes(domain));
}

/**
 * The provider behind the plain company button: the environment's, else the only active one.
 * With several and no domain to choose by, the login page asks for the e-mail address instead.
 */
export async function defaultProvider(app: FastifyInstance) {
  const all = await activeProviders(app);
  return all.find((p) => p.id === null) ?? (all.length === 1 ? all[0] : undefined);
}

/** What the login page offers: nothing, the plain button, or e-mail first (docs/sso.md). */
export async function loginOptions(app: FastifyInstance) {
  const all = await activeProviders(app);
  return { ssoEnabled: all.length > 0, ssoEmailFirst: all.some((p) => p.domains.length > 0) };
}
