import { asc, eq } from 'drizzle-orm';
import { recordAudit } from '../platform/admin/audit';
import { issuePasswordLink } from '../platform/admin/password-links';
import type { Db } from '../platform/db';
import {
  customerContacts,
  customers,
  mailOutbox,
  sites,
  staffAssignments,
  userApplications,
  userSiteAccess,
  users,
} from '../platform/db/schema';

/** Where the demo fleet's cities are (WGS 84), so the sites have a place on the map. */
const CITY: Record<string, [number, number]> = {
  Chicago: [41.8781, -87.6298],
  Evanston: [42.0451, -87.6877],
  'Oak Park': [41.885, -87.7845],
  Naperville: [41.7508, -88.1535],
  Skokie: [42.0324, -87.7416],
  Joliet: [41.525, -88.0817],
  Aurora: [41.7606, -88.3201],
  Boston: [42.3601, -71.0589],
  Cambridge: [42.3736, -71.1097],
  Quincy: [42.2529, -71.0023],
  Sacramento: [38.5816, -121.4944],
  Davis: [38.5449, -121.7405],
  Fresno: [36.7378, -119.7871],
  Modesto: [37.6391, -120.9969],
  Manchester: [53.4808, -2.2426],
  Leeds: [53.8008, -1.5491],
  Bolton: [53.5769, -2.4282],
  Lyon: [45.764, 4.8357],
  Villeurbanne: [45.7719, 4.8902],
  Denver: [39.7392, -104.9903],
  Boulder: [40.015, -105.2705],
};

const DAY = 86_400_000;

/**
 * Administration content for the demo (docs/administration.md), so that every admin page has
 * something on first start: coordinates for every site, contacts of the networks, customers
 * onboarded over recent weeks, a site the sales representative added lately, two pending
 * invitations and a reset in the outbox, and an audit trail of how it came about.
 */
export async function createDemoAdministration(db: Db, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const allSites = await tx.select().from(sites).orderBy(asc(sites.id));
    for (const [i, s] of allSites.entries()) {
      const at = CITY[s.city ?? ''];
      if (!at) continue;
      // Sites of one city a few hundred metres apart, not on top of each other.
      const jitter = ((i % 7) - 3) * 0.004;
      await tx
        .update(sites)
        .set({ latitude: at[0] + jitter, longitude: at[1] - jitter })
        .where(eq(sites.id, s.id));
    }

    const allCustomers = await tx.select().from(customers).orderBy(asc(customers.id));
    const admin = await userByEmail(tx, 'admin@demo.kestrel');
    const rep = await userByEmail(tx, 'sales@demo.kestrel');
    const actor = { id: admin.id, email: admin.email, ip: '127.0.0.1' };
    // Customers onboarded over the last weeks (the onboarded-customers report by days).
    for (const [i, c] of allCustomers.entries()) {
      const createdAt = new Date(now.getTime() - (3 + i * 9) * DAY);
      await tx
        .update(customers)
        .set({ createdAt, updatedAt: createdAt, createdByUserId: admin.id })
        .where(eq(customers.id, c.id));
      await recordAudit(
        tx,
        actor,
        {
          customerId: c.id,
          action: 'create',
          entity: 'customer',
          entityId: c.id,
          after: { name: c.name, parentId: c.parentId, country: c.country },
        },
        createdAt,
      );
    }
    const tops = allCustomers.filter((c) => c.parentId === null);
    const roles = ['Head of breast imaging', 'IT manager', 'Purchasing'];
    for (const [i, c] of tops.entries()) {
      const domain = `${c.name
        .toLowerCase()
        .replace(/[^a-z]+/g, '-')
        .replace(/^-|-$/g, '')}.example`;
      await tx.insert(customerContacts).values(
        roles.slice(0, 2 + (i % 2)).map((role, sort) => ({
          customerId: c.id,
          name: ['Dr. Ana Ruiz', 'Tom Becker', 'Priya Shah', 'Dr. Lena Vogel', 'Mark Ellis', 'Grace Kim'][
            (i * 2 + sort) % 6
          ]!,
          role,
          email: `${['imaging', 'it', 'purchasing'][sort]}@${domain}`,
          phone: `+1 555 01${String(i * 3 + sort).padStart(2, '0')}`,
          sort,
        })),
      );
    }

    // A site the sales representative added for their account a few days ago.
    const northwind = allCustomers.find((c) => c.name === 'Northwind Health');
    if (northwind) {
      const addedAt = new Date(now.getTime() - 4 * DAY);
      const [site] = await tx
        .insert(sites)
        .values({
          customerId: northwind.id,
          name: 'Northwind Women’s Health Pavilion',
          city: 'Evanston',
          country: northwind.country,
          timeZone: 'America/Chicago',
          latitude: 42.0565,
          longitude: -87.6753,
          createdByUserId: rep.id,
          createdAt: addedAt,
          updatedAt: addedAt,
        })
        .returning();
      await recordAudit(
        tx,
        { id: rep.id, email: rep.email, ip: '127.0.0.1' },
        {
          customerId: northwind.id,
          action: 'create',
          entity: 'site',
          entityId: site!.id,
          after: { name: site!.name, city: 'Evanston', timeZone: 'America/Chicago' },
        },
        addedAt,
      );
    }

    // Two people invited who have not set their password yet, and a reset waiting in the outbox.
    const general = allCustomers.find((c) => c.name === 'Northwind General Hospital');
    const [generalSite] = general
      ? await tx.select().from(sites).where(eq(sites.customerId, general.id)).limit(1)
      : [];
    const invitees = [
      { email: 'j.alvarez@northwind.example', name: 'Julia Alvarez', daysAgo: 2 },
      { email: 'k.osei@northwind.example', name: 'Kwame Osei', daysAgo: 6 },
    ];
    for (const p of invitees) {
      if (!general || !generalSite) break;
      const at = new Date(now.getTime() - p.daysAgo * DAY);
      const [u] = await tx
        .insert(users)
        .values({
          email: p.email,
          displayName: p.name,
          role: 'customer_user',
          customerId: general.id,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      await tx.insert(userApplications).values({ userId: u!.id, applicationId: 1001 });
      await tx
        .insert(userSiteAccess)
        .values({ userId: u!.id, siteId: generalSite.id, customerId: general.id });
      const { expiresAt } = await issuePasswordLink(tx, {
        userId: u!.id,
        purpose: 'invite',
        createdByUserId: admin.id,
        now: at,
        validForMs: 7 * DAY,
      });
      await recordAudit(
        tx,
        actor,
        {
          customerId: general.id,
          action: 'create',
          entity: 'user',
          entityId: u!.id,
          after: { email: p.email, role: 'customer_user', siteIds: [generalSite.id] },
        },
        at,
      );
      await recordAudit(
        tx,
        actor,
        {
          customerId: general.id,
          action: 'invite',
          entity: 'user',
          entityId: u!.id,
          after: { sentTo: p.email, expiresAt: expiresAt.toISOString() },
        },
        at,
      );
      // The demo's link token is not kept anywhere, so the mail shows where it would be.
      await tx.insert(mailOutbox).values({
        to: p.email,
        subject: 'You are invited to Kestrel',
        text: `Hello ${p.name},\n\nAlex Morgan has invited you to Kestrel.\nOpen the link in this mail to choose your password (demo: the link itself is not kept).\n`,
        customerId: general.id,
        createdAt: at,
      });
    }
    const customerUser = await userByEmail(tx, 'customer-user@demo.kestrel');
    await recordAudit(
      tx,
      actor,
      {
        customerId: customerUser.customerId,
        action: 'reset_password',
        entity: 'user',
        entityId: customerUser.id,
        after: { sentTo: customerUser.email },
      },
      new Date(now.getTime() - DAY),
    );
    await tx.insert(mailOutbox).values({
      to: customerUser.email,
      subject: 'Reset your Kestrel password',
      text: `Hello ${customerUser.displayName},\n\nAn administrator (Alex Morgan) has started a password reset for your Kestrel account.\n(demo: the link itself is not kept)\n`,
      customerId: customerUser.customerId,
      createdAt: new Date(now.getTime() - DAY),
    });
    // The sales representative's accounts, as the provider admin assigned them.
    const assignments = await tx.select().from(staffAssignments).where(eq(staffAssignments.userId, rep.id));
    for (const a of assignments) {
      await recordAudit(
        tx,
        actor,
        {
          customerId: a.customerId,
          action: 'assign',
          entity: 'sales_assignment',
          entityId: a.id,
          after: { userId: rep.id, email: rep.email, customerId: a.customerId, siteId: a.siteId },
        },
        new Date(now.getTime() - 20 * DAY),
      );
    }
  });
}

async function userByEmail(tx: Parameters<Parameters<Db['transaction']>[0]>[0], email: string) {
  const [u] = await tx.select().from(users).where(eq(users.email, email));
  if (!u) throw new Error(`demo user ${email} missing`);
  return u;
}
