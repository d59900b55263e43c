import type { Role } from '@kestrel/contract';
import { hashPassword } from '../platform/auth/passwords';
import type { Db } from '../platform/db';
import {
  customers,
  dashboards,
  devices,
  sites,
  staffAssignments,
  userApplications,
  userCustomerAccess,
  userSiteAccess,
  users,
} from '../platform/db/schema';

/** Test data builders: each returns the row it made, with sensible defaults. */
let seq = 0;
const next = () => ++seq;

export async function makeCustomer(db: Db, over: Partial<typeof customers.$inferInsert> = {}) {
  const [row] = await db
    .insert(customers)
    .values({ name: `Customer ${next()}`, ...over })
    .returning();
  return row!;
}

export async function makeSite(db: Db, customerId: number, over: Partial<typeof sites.$inferInsert> = {}) {
  const [row] = await db
    .insert(sites)
    .values({ customerId, name: `Site ${next()}`, timeZone: 'America/Chicago', ...over })
    .returning();
  return row!;
}

export async function makeDevice(
  db: Db,
  site: { id: number; customerId: number },
  over: Partial<typeof devices.$inferInsert> = {},
) {
  const n = next();
  const [row] = await db
    .insert(devices)
    .values({
      customerId: site.customerId,
      siteId: site.id,
      serial: `SN${n}`,
      manufacturer: 'ACME MEDICAL',
      model: 'Aurora 2D',
      deviceType: '2D',
      onboardingState: 'completed',
      ...over,
    })
    .returning();
  return row!;
}

export const TEST_PASSWORD = 'correct horse battery staple';
let passwordHash: Promise<string> | undefined;

export interface UserSpec {
  role: Role;
  customerId?: number | null;
  applications?: number[];
  sites?: { id: number; customerId: number }[];
  customers?: number[];
  sales?: { customerId: number; siteId?: number }[];
  userType?: 'local' | 'sso';
  active?: boolean;
  email?: string;
}

export async function makeUser(db: Db, spec: UserSpec) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const n = next();
  const [user] = await db
    .insert(users)
    .values({
      email: spec.email ?? `user${n}@test.kestrel`,
      displayName: `Test User ${n}`,
      passwordHash: spec.userType === 'sso' ? null : await passwordHash,
      userType: spec.userType ?? 'local',
      role: spec.role,
      customerId: spec.customerId ?? null,
      active: spec.active ?? true,
    })
    .returning();
  const u = user!;
  const apps = spec.applications ?? (spec.role.startsWith('customer') ? [1001] : [1002, 1003]);
  if (apps.length)
    await db.insert(userApplications).values(apps.map((applicationId) => ({ userId: u.id, applicationId })));
  if (spec.sites?.length) {
    await db
      .insert(userSiteAccess)
      .values(spec.sites.map((s) => ({ userId: u.id, siteId: s.id, customerId: s.customerId })));
  }
  if (spec.customers?.length) {
    await db
      .insert(userCustomerAccess)
      .values(spec.customers.map((customerId) => ({ userId: u.id, customerId })));
  }
  if (spec.sales?.length) {
    await db.insert(staffAssignments).values(
      spec.sales.map((s) => ({
        userId: u.id,
        kind: 'sales' as const,
        customerId: s.customerId,
        siteId: s.siteId ?? null,
      })),
    );
  }
  return u;
}

export async function makeDashboard(
  db: Db,
  userId: number | null,
  over: Partial<typeof dashboards.$inferInsert> = {},
) {
  const [row] = await db
    .insert(dashboards)
    .values({ userId, name: `Dashboard ${next()}`, ...over })
    .returning();
  return row!;
}

/**
 * Two customers, each with two sites, the first with a child customer: enough to prove that
 * nobody sees across a customer boundary.
 */
export async function twoCustomers(db: Db) {
  const a = await makeCustomer(db, { name: 'Alpha Health' });
  const aChild = await makeCustomer(db, { name: 'Alpha Child Clinic', parentId: a.id });
  const b = await makeCustomer(db, { name: 'Beta Imaging' });
  const a1 = await makeSite(db, a.id, { name: 'Alpha One' });
  const a2 = await makeSite(db, a.id, { name: 'Alpha Two' });
  const ac = await makeSite(db, aChild.id, { name: 'Alpha Child Site' });
  const b1 = await makeSite(db, b.id, { name: 'Beta One' });
  const b2 = await makeSite(db, b.id, { name: 'Beta Two' });
  return { a, aChild, b, a1, a2, ac, b1, b2 };
}
