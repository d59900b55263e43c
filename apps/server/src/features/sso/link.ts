import { isProviderRole } from '@kestrel/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { sites, userApplications, userSiteAccess, users } from '../../platform/db/schema';
import { SsoFailure } from './oidc';
import type { SsoProvider } from './providers';

/** What Kestrel takes from a verified ID token (and userinfo). */
export interface SsoIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean | null;
  name: string | null;
}

type User = typeof users.$inferSelect;

/**
 * The Kestrel user behind an identity (docs/sso.md "Linking"):
 * 1. linked before: the user with this issuer and subject — the only key that counts afterwards;
 * 2. not linked yet: an SSO account an administrator created for this address, of the provider's
 *    customer (staff for the staff provider), not linked to anyone else, and the provider does not
 *    say the address is unverified — it is linked to this issuer and subject now;
 * 3. nobody: created just in time when the provider's rule says so, else refused.
 * A local account with the same address is never taken over.
 */
export async function userForIdentity(
  tx: Tx,
  provider: SsoProvider,
  id: SsoIdentity,
  now: Date,
): Promise<{ user: User; created: boolean; linked: boolean }> {
  const [linked] = await tx
    .select()
    .from(users)
    .where(and(eq(users.ssoIssuer, id.issuer), eq(users.ssoSubject, id.subject)))
    .limit(1);
  if (linked) {
    if (!belongsTo(linked, provider)) {
      throw new SsoFailure('not_linked', `user ${linked.id} is not of this provider's customer`);
    }
    if (!linked.active) throw new SsoFailure('deactivated', `user ${linked.id} is deactivated`);
    return { user: linked, created: false, linked: false };
  }

  if (!id.email) throw new SsoFailure('no_email', 'the identity provider sent no e-mail address');
  const email = id.email.toLowerCase();
  const [byEmail] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
  if (byEmail) {
    const linkable =
      byEmail.userType === 'sso' &&
      !byEmail.ssoSubject &&
      belongsTo(byEmail, provider) &&
      id.emailVerified !== false;
    if (!linkable) {
      throw new SsoFailure(
        'not_linked',
        `user ${byEmail.id} with this e-mail cannot be linked to ${id.issuer}`,
      );
    }
    if (!byEmail.active) throw new SsoFailure('deactivated', `user ${byEmail.id} is deactivated`);
    const [user] = await tx
      .update(users)
      .set({ ssoIssuer: id.issuer, ssoSubject: id.subject, updatedAt: now })
      .where(eq(users.id, byEmail.id))
      .returning();
    return { user: user!, created: false, linked: true };
  }

  if (provider.jitMode !== 'on' || !provider.jitRole) {
    throw new SsoFailure('unknown_user', `no user for ${email} and just-in-time creation is off`);
  }
  const [user] = await tx
    .insert(users)
    .values({
      email,
      displayName: (id.name ?? email).slice(0, 120),
      userType: 'sso',
      ssoIssuer: id.issuer,
      ssoSubject: id.subject,
      role: provider.jitRole,
      customerId: provider.customerId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (provider.jitApplicationIds.length) {
    await tx
      .insert(userApplications)
      .values(provider.jitApplicationIds.map((applicationId) => ({ userId: user!.id, applicationId })));
  }
  if (provider.jitSiteIds.length && provider.customerId !== null) {
    // Only sites of the provider's own customer, whatever the configuration says.
    const granted = await tx
      .select({ id: sites.id, customerId: sites.customerId })
      .from(sites)
      .where(and(inArray(sites.id, provider.jitSiteIds), eq(sites.customerId, provider.customerId)));
    if (granted.length) {
      await tx
        .insert(userSiteAccess)
        .values(granted.map((s) => ({ userId: user!.id, siteId: s.id, customerId: s.customerId })));
    }
  }
  return { user: user!, created: true, linked: true };
}

/** A customer's provider signs in that customer's people; the staff provider only provider staff. */
function belongsTo(user: User, provider: SsoProvider) {
  if (provider.customerId === null) return user.customerId === null && isProviderRole(user.role);
  return user.customerId === provider.customerId;
}
