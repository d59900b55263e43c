import type { Role } from '@kestrel/contract';
import { asc, eq } from 'drizzle-orm';
import { hashPassword } from '../platform/auth/passwords';
import type { Db } from '../platform/db';
import {
  customers,
  sites,
  staffAssignments,
  userApplications,
  userCustomerAccess,
  userSiteAccess,
  users,
} from '../platform/db/schema';

/** One sign-in per role, printed at start-up (README "Demo logins"). */
export const DEMO_LOGINS: readonly { email: string; name: string; role: Role; applications: number[] }[] = [
  {
    email: 'admin@demo.kestrel',
    name: 'Alex Morgan',
    role: 'provider_admin',
    applications: [1002, 1003, 1004],
  },
  { email: 'service@demo.kestrel', name: 'Sam Okafor', role: 'service', applications: [1003] },
  { email: 'sales@demo.kestrel', name: 'Riley Chen', role: 'sales', applications: [1002] },
  {
    email: 'customer-admin@demo.kestrel',
    name: 'Jordan Blake',
    role: 'customer_admin',
    applications: [1001],
  },
  {
    email: 'customer-user@demo.kestrel',
    name: 'Casey Rivera',
    role: 'customer_user',
    applications: [1001, 1004],
  },
  // Has not accepted the newest licence agreement, so the gate shows (docs/accounts.md "EULA").
  { email: 'new-terms@demo.kestrel', name: 'Morgan Lee', role: 'customer_user', applications: [1001] },
];

/** The demo login that still has to accept the current licence agreement. */
export const EULA_PENDING_LOGIN = 'new-terms@demo.kestrel';

/**
 * Demo people and who sees what: the customer admin runs the Northwind Health network (and so
 * its two hospital customers), the customer user sees two sites of one of them, the sales
 * representative looks after Northwind and Harbor Diagnostics plus one site elsewhere.
 */
export async function createDemoPeople(db: Db, password: string): Promise<void> {
  const allCustomers = await db.select().from(customers).orderBy(asc(customers.id));
  const byName = (name: string) => allCustomers.find((c) => c.name === name)!;
  const northwind = byName('Northwind Health');
  const general = byName('Northwind General Hospital');
  const harbor = byName('Harbor Diagnostics');
  const elsewhere = byName('St. Elsewhere Medical Center');
  const generalSites = await db
    .select()
    .from(sites)
    .where(eq(sites.customerId, general.id))
    .orderBy(asc(sites.id));
  const [elsewhereSite] = await db.select().from(sites).where(eq(sites.customerId, elsewhere.id)).limit(1);
  // One hash per account, each with its own salt (argon2id makes one per call), so that equal
  // passwords do not show as equal hashes; hashed in parallel to keep start-up quick.
  const hashes = await Promise.all(DEMO_LOGINS.map(() => hashPassword(password)));

  await db.transaction(async (tx) => {
    const ids = new Map<string, number>();
    for (const [i, login] of DEMO_LOGINS.entries()) {
      const customerId =
        login.role === 'customer_admin' ? northwind.id : login.role === 'customer_user' ? general.id : null;
      const [row] = await tx
        .insert(users)
        .values({
          email: login.email,
          displayName: login.name,
          passwordHash: hashes[i]!,
          role: login.role,
          customerId,
          jobTitle: jobTitle(login.role),
        })
        .returning({ id: users.id });
      ids.set(login.email, row!.id);
      await tx
        .insert(userApplications)
        .values(login.applications.map((applicationId) => ({ userId: row!.id, applicationId })));
    }
    const user = (email: string) => ids.get(email)!;
    await tx.insert(userSiteAccess).values(
      generalSites.slice(0, 2).map((s) => ({
        userId: user('customer-user@demo.kestrel'),
        siteId: s.id,
        customerId: s.customerId,
      })),
    );
    await tx
      .insert(userSiteAccess)
      .values(
        generalSites
          .slice(0, 1)
          .map((s) => ({ userId: user(EULA_PENDING_LOGIN), siteId: s.id, customerId: s.customerId })),
      );
    await tx.insert(staffAssignments).values([
      { userId: user('sales@demo.kestrel'), kind: 'sales', customerId: northwind.id },
      { userId: user('sales@demo.kestrel'), kind: 'sales', customerId: harbor.id },
      {
        userId: user('sales@demo.kestrel'),
        kind: 'sales',
        customerId: elsewhere.id,
        siteId: elsewhereSite!.id,
      },
      ...allCustomers
        .filter((c) => c.parentId === null)
        .map((c) => ({ userId: user('service@demo.kestrel'), kind: 'service' as const, customerId: c.id })),
    ]);

    // A few more people so that user administration has something to show.
    const extra = [
      {
        email: 'm.lefebvre@st-michel.example',
        name: 'Marie Lefebvre',
        role: 'customer_admin' as const,
        customer: 'Clinique Saint-Michel',
        sso: false,
      },
      {
        email: 'd.nakamura@riverside.example',
        name: 'Dana Nakamura',
        role: 'customer_admin' as const,
        customer: 'Riverside Imaging Partners',
        sso: true,
      },
      {
        email: 'p.kowalski@riverside.example',
        name: 'Piotr Kowalski',
        role: 'customer_user' as const,
        customer: 'Riverside Imaging Partners',
        sso: true,
      },
      {
        email: 'h.baker@lakeside.example',
        name: 'Helen Baker',
        role: 'customer_user' as const,
        customer: 'Lakeside Breast Centre',
        sso: false,
      },
    ];
    for (const p of extra) {
      const customer = byName(p.customer);
      const [row] = await tx
        .insert(users)
        .values({
          email: p.email,
          displayName: p.name,
          role: p.role,
          customerId: customer.id,
          userType: p.sso ? 'sso' : 'local',
          ssoIssuer: p.sso ? 'https://login.riverside.example' : null,
          ssoSubject: p.sso ? p.email : null,
          active: p.email !== 'h.baker@lakeside.example',
        })
        .returning({ id: users.id });
      await tx.insert(userApplications).values({ userId: row!.id, applicationId: 1001 });
      if (p.role === 'customer_user') {
        await tx.insert(userCustomerAccess).values({ userId: row!.id, customerId: customer.id });
      }
    }
  });
}

function jobTitle(role: Role): string {
  return {
    provider_admin: 'Portal administrator',
    service: 'Field service engineer',
    sales: 'Account manager',
    customer_admin: 'Imaging services manager',
    customer_user: 'Lead mammographer',
  }[role];
}

/**
 * Make the five demo logins use `password` (after DEMO_PASSWORD changed, or a lost file), each
 * with its own hash and salt.
 */
export async function setDemoPasswords(db: Db, password: string): Promise<void> {
  const hashes = await Promise.all(DEMO_LOGINS.map(() => hashPassword(password)));
  await db.transaction(async (tx) => {
    for (const [i, login] of DEMO_LOGINS.entries()) {
      await tx.update(users).set({ passwordHash: hashes[i]! }).where(eq(users.email, login.email));
    }
  });
}
