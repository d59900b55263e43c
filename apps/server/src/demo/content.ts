import { eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../platform/db';
import {
  alertSubscriptions,
  dashboards,
  dashboardWidgets,
  eulaAcceptances,
  eulaVersions,
  messages,
  releaseNotes,
  releases,
  users,
} from '../platform/db/schema';
import type { PackageStore } from '../platform/package-store';
import { DEMO_LOGINS, EULA_PENDING_LOGIN } from './people';
import { createDemoReleases, notesMarkdown } from './releases';

const DAY = 86_400_000;

/** Releases with notes (and a deployable one and a draft), messages, and saved and template dashboards. */
export async function createDemoContent(db: Db, now: Date, packages?: PackageStore): Promise<void> {
  await db.transaction(async (tx) => {
    const released = [
      { version: '6.2.1', title: 'Aurora 6.2.1', daysAgo: 20, deviceTypes: ['3D', 'COMBO'] },
      { version: '6.1.0', title: 'Aurora 6.1', daysAgo: 140, deviceTypes: ['3D', 'COMBO', 'CEDM'] },
      { version: '5.2.0', title: 'Aurora 5.2', daysAgo: 300, deviceTypes: ['2D', 'CEDM'] },
    ];
    const notes: Record<string, [kind: 'feature' | 'fix' | 'known_issue', text: string][]> = {
      '6.2.1': [
        ['fix', 'Tomosynthesis sweeps no longer pause after a paddle change.'],
        ['fix', 'Rejection notes now carry the reason chosen at the console.'],
        ['known_issue', 'Synthetic 2D images of implant views may take 20 s longer to appear.'],
      ],
      '6.1.0': [
        ['feature', 'Contrast-enhanced exams report low- and high-energy dose separately.'],
        ['feature', 'Heartbeats report tube exposure counters.'],
        ['fix', 'Compression pressure is written to the image header.'],
      ],
      '5.2.0': [
        ['feature', 'Reject reasons from DICOM CID 7011 at the acquisition workstation.'],
        ['fix', 'Exposure time rounding corrected for long exposures.'],
      ],
    };
    for (const r of released) {
      const [row] = await tx
        .insert(releases)
        .values({
          version: r.version,
          title: r.title,
          state: 'released',
          releasedAt: new Date(now.getTime() - r.daysAgo * DAY),
          deviceTypes: r.deviceTypes,
          minFromVersion: r.version.startsWith('6.') ? '6.0.0' : '5.0.0',
          notesMarkdown: notesMarkdown(notes[r.version]!),
        })
        .returning({ id: releases.id });
      await tx
        .insert(releaseNotes)
        .values(notes[r.version]!.map(([kind, text], sort) => ({ releaseId: row!.id, kind, text, sort })));
    }
    await createDemoReleases(tx, now, packages);

    // A release notice in every demo user's inbox; alerts are raised by the alert evaluator
    // once the server runs (docs/messages.md).
    const everyone = await tx.select({ id: users.id }).from(users).where(eq(users.active, true));
    if (everyone.length) {
      await tx.insert(messages).values(
        everyone.map((u) => ({
          recipientUserId: u.id,
          kind: 'release' as const,
          subject: 'Aurora 6.2.1 is available',
          body: 'Aurora 6.2.1 fixes paused tomosynthesis sweeps. Your service engineer will schedule the update.',
          link: '/release-notes',
          createdAt: new Date(now.getTime() - 19 * DAY),
        })),
      );
    }
    // Alert choices to show each delivery: the administrator hears of offline devices by e-mail
    // at once, the customer administrator of tube life in a daily digest.
    const chosen = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, ['admin@demo.kestrel', 'customer-admin@demo.kestrel']));
    const idOf = (email: string) => chosen.find((u) => u.email === email)?.id;
    const subscriptions = [
      { userId: idOf('admin@demo.kestrel'), kind: 'connection_alert' as const, delivery: 'email' as const },
      {
        userId: idOf('customer-admin@demo.kestrel'),
        kind: 'tube_alert' as const,
        delivery: 'digest' as const,
      },
    ].filter((s): s is typeof s & { userId: number } => s.userId !== undefined);
    if (subscriptions.length) await tx.insert(alertSubscriptions).values(subscriptions);

    // Provider templates and one saved dashboard per demo login.
    const templates = [
      { name: 'Quality review', widgets: [9092, 9057, 9052, 9035] },
      { name: 'Dose and compression', widgets: [9053, 9093, 9071, 9060] },
    ];
    for (const t of templates) {
      const [row] = await tx
        .insert(dashboards)
        .values({
          name: t.name,
          isTemplate: true,
          canDelete: false,
          state: 'static-dashboard/view-test-dashboard',
        })
        .returning({ id: dashboards.id });
      await tx
        .insert(dashboardWidgets)
        .values(t.widgets.map((widgetId, position) => ({ dashboardId: row!.id, widgetId, position })));
    }
    await createDemoEula(tx, now);
    for (const login of DEMO_LOGINS) {
      const [user] = await tx.select().from(users).where(eq(users.email, login.email));
      const [row] = await tx
        .insert(dashboards)
        .values({ name: 'My weekly review', userId: user!.id, customerId: user!.customerId })
        .returning({ id: dashboards.id });
      await tx.insert(dashboardWidgets).values(
        [9049, 9092, 9057, 9051].map((widgetId, position) => ({
          dashboardId: row!.id,
          widgetId,
          position,
        })),
      );
    }
  });
}

/**
 * Two licence agreement versions (docs/accounts.md "EULA"): everybody accepted the first; the
 * newer one is in effect and accepted by every demo login but EULA_PENDING_LOGIN, whose next
 * sign-in shows the gate.
 */
async function createDemoEula(tx: DbOrTx, now: Date) {
  const day = DAY;
  const body = (n: string) =>
    `# Kestrel portal terms of use (${n})\n\nThe portal shows data about your imaging devices and their use. Use it only for the work your organisation gave you access for, and keep your sign-in to yourself.\n\n## Data\n\nNo images and no patient names are stored: only the technical facts of each exposure.\n\n## Changes\n\nWhen these terms change, you are asked to accept them again.`;
  await tx.insert(eulaVersions).values([
    {
      version: '2025-1',
      title: 'Terms of use',
      body: body('2025-1'),
      effectiveAt: new Date(now.getTime() - 200 * day),
    },
    {
      version: '2026-1',
      title: 'Terms of use',
      body: body('2026-1'),
      effectiveAt: new Date(now.getTime() - 2 * day),
    },
  ]);
  const people = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_LOGINS.map((l) => l.email),
      ),
    );
  const rows = people.flatMap((p) => [
    {
      userId: p.id,
      eulaVersion: '2025-1',
      acceptedAt: new Date(now.getTime() - 190 * day),
      ip: '192.0.2.10',
    },
    ...(p.email === EULA_PENDING_LOGIN
      ? []
      : [
          {
            userId: p.id,
            eulaVersion: '2026-1',
            acceptedAt: new Date(now.getTime() - day),
            ip: '192.0.2.10',
          },
        ]),
  ]);
  await tx.insert(eulaAcceptances).values(rows);
}
