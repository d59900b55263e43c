import type { Role } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns';
import { customers } from './parties';
import { sessions, users } from './people';

export type JitMode = 'off' | 'on';

/**
 * OpenID Connect identity providers (docs/sso.md): one per customer, or one with no customer for
 * the provider's own staff. The client secret is stored AES-256-GCM encrypted with SSO_SECRET_KEY;
 * the plain secret never reaches the database, the audit trail or an API answer.
 */
export const identityProviders = pgTable(
  'identity_providers',
  {
    id: id(),
    /** Null: the provider's own staff. */
    customerId: integer().references(() => customers.id),
    name: text().notNull(),
    /** Issuer URL; its discovery document is `<issuer>/.well-known/openid-configuration`. */
    issuer: text().notNull(),
    clientId: text().notNull(),
    /** `v1.<iv>.<tag>.<ciphertext>` (base64url), see platform/sso/secret-box.ts. */
    clientSecretEncrypted: text().notNull(),
    /** Lower-case e-mail domains that route to this provider on the login page. */
    domains: text().array().notNull().default(sql`'{}'::text[]`),
    active: boolean().notNull().default(true),
    /** Just-in-time creation of unknown users: 'off' refuses them; 'on' creates them. */
    jitMode: text().$type<JitMode>().notNull().default('off'),
    jitRole: text().$type<Role>(),
    jitApplicationIds: integer().array().notNull().default(sql`'{}'::int[]`),
    jitSiteIds: integer().array().notNull().default(sql`'{}'::int[]`),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index().on(t.customerId),
    unique('identity_providers_issuer_client').on(t.issuer, t.clientId),
    check('identity_providers_jit_mode', sql`${t.jitMode} in ('off', 'on')`),
  ],
);

/**
 * One sign-in through an identity provider in flight: created when the browser is sent to the
 * provider, used once by the callback (state, nonce and PKCE verifier), then once more by the login
 * page to collect its session (the hand-off code). The id is the sha256 of `state`; the hand-off
 * code is stored as its sha256 too.
 */
export const ssoLogins = pgTable(
  'sso_logins',
  {
    id: text().primaryKey(),
    /** Null for the provider configured by environment (SSO_ISSUER). */
    providerId: integer().references(() => identityProviders.id, { onDelete: 'cascade' }),
    nonce: text().notNull(),
    codeVerifier: text().notNull(),
    createdAt: createdAt(),
    expiresAt: at().notNull(),
    callbackAt: at(),
    handoffId: text().unique(),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    idToken: text(),
    sid: text(),
    handedOffAt: at(),
    /**
     * Set when this sign-in unlocks a locked session (docs/accounts.md "Lock screen") instead of
     * creating a new one.
     */
    unlockSessionId: text().references(() => sessions.id, { onDelete: 'cascade' }),
  },
  (t) => [index().on(t.expiresAt)],
);
