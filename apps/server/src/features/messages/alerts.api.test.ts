import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertEpisodes,
  devices,
  ingestLog,
  messages,
  rollupDeviceDay,
  sites,
} from '../../platform/db/schema';
import { as, buildTestApp, login, type TestApp } from '../../test/app';
import { makeDevice, makeUser, TEST_PASSWORD, twoCustomers } from '../../test/factories';
import { startSmtpServer } from '../../test/smtp';
import { deliverMessage } from './deliver';
import { messageDeps, runAlertRound } from './monitor';

const HOUR = 3_600_000;

/**
 * Alerts once per episode, their delivery per user and kind, and the daily digest
 * (docs/messages.md §2–3), through a real SMTP server.
 */
describe('alerts', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let fleet: Awaited<ReturnType<typeof twoCustomers>>;
  let device: typeof devices.$inferSelect;
  const users = {} as Record<
    'admin' | 'mailer' | 'digester' | 'portal' | 'other',
    { id: number; email: string }
  >;
  const db = () => t.database.db;
  const inbox = (userId: number) => db().select().from(messages).where(eq(messages.recipientUserId, userId));
  const choose = async (email: string, preferences: { kind: string; delivery: string }[]) => {
    const token = await login(t.app, email, TEST_PASSWORD);
    const r = await t.app.inject({
      method: 'PUT',
      url: '/api/messages/preferences',
      headers: as(token),
      payload: { preferences },
    });
    expect(r.statusCode).toBe(200);
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://kestrel.test' });
    fleet = await twoCustomers(db());
    users.admin = await makeUser(db(), { role: 'provider_admin' });
    users.mailer = await makeUser(db(), { role: 'customer_user', customerId: fleet.a.id, sites: [fleet.a1] });
    users.digester = await makeUser(db(), { role: 'customer_admin', customerId: fleet.a.id });
    users.portal = await makeUser(db(), { role: 'customer_user', customerId: fleet.a.id, sites: [fleet.a1] });
    users.other = await makeUser(db(), { role: 'customer_user', customerId: fleet.b.id, sites: [fleet.b1] });
    await choose(users.mailer.email, [{ kind: 'connection_alert', delivery: 'email' }]);
    await choose(users.digester.email, [
      { kind: 'connection_alert', delivery: 'digest' },
      { kind: 'failed_files_alert', delivery: 'digest' },
    ]);
    device = await makeDevice(db(), fleet.a1, { lastHeartbeatAt: t.app.now(), connectionStatus: 'GREEN' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('raises a RED alert once per episode, resolves it when the device is heard again, and raises it again after', async () => {
    expect((await runAlertRound(t.app)).raised).toBe(0);
    t.clock.advance(25 * HOUR); // silent past CONNECTION_RED_MINUTES (24 h)
    expect(await runAlertRound(t.app)).toMatchObject({ raised: 1, resolved: 0 });
    expect(await runAlertRound(t.app)).toMatchObject({ raised: 0, resolved: 0 });
    t.clock.advance(HOUR);
    expect(await runAlertRound(t.app)).toMatchObject({ raised: 0, resolved: 0 });

    const open = await db().select().from(alertEpisodes).where(eq(alertEpisodes.deviceId, device.id));
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({
      kind: 'connection_alert',
      subject: `device:${device.id}`,
      resolvedAt: null,
    });
    // Everyone who sees the site heard of it once; nobody else did.
    for (const u of [users.admin, users.mailer, users.digester, users.portal]) {
      const got = (await inbox(u.id)).filter((m) => m.kind === 'connection_alert');
      expect(got, `user ${u.email}`).toHaveLength(1);
      expect(got[0]!.subject).toBe(`Device offline (RED): Aurora 2D SN ${device.serial}`);
      expect(got[0]!.link).toBe(`/device-details?deviceId=${device.id}`);
    }
    expect(await inbox(users.other.id)).toHaveLength(0);

    // The device is heard from again: the episode is resolved, once.
    await db().update(devices).set({ lastHeartbeatAt: t.app.now() }).where(eq(devices.id, device.id));
    expect(await runAlertRound(t.app)).toMatchObject({ raised: 0, resolved: 1 });
    expect(await runAlertRound(t.app)).toMatchObject({ raised: 0, resolved: 0 });
    const [closed] = await db().select().from(alertEpisodes).where(eq(alertEpisodes.id, open[0]!.id));
    expect(closed!.resolvedAt).toBeInstanceOf(Date);
    expect((await inbox(users.portal.id)).map((m) => m.subject)).toContain(
      `Resolved: Device offline (RED): Aurora 2D SN ${device.serial}`,
    );

    // Silent again: a new episode.
    t.clock.advance(25 * HOUR);
    expect(await runAlertRound(t.app)).toMatchObject({ raised: 1 });
    const episodes = await db().select().from(alertEpisodes).where(eq(alertEpisodes.deviceId, device.id));
    expect(episodes).toHaveLength(2);
    expect(episodes.filter((e) => e.resolvedAt === null)).toHaveLength(1);
  });

  it('routes each alert by the user’s choice: e-mail at once, portal only, or the daily digest', async () => {
    // Two raises and one resolution so far: the e-mail subscriber got each at once.
    await smtp.waitFor(4);
    const mails = smtp.received.filter((m) => m.to.includes(users.mailer.email));
    expect(mails.map((m) => m.subject)).toEqual([
      `Device offline (RED): Aurora 2D SN ${device.serial}`,
      `Resolved: Device offline (RED): Aurora 2D SN ${device.serial}`,
      `Device offline (RED): Aurora 2D SN ${device.serial}`,
    ]);
    expect(mails[0]!.text).toContain(`https://kestrel.test/device-details?deviceId=${device.id}`);
    // Portal-only users have the messages and no mail.
    const portal = await inbox(users.portal.id);
    expect(portal.every((m) => m.delivery === 'portal')).toBe(true);
    for (const u of [users.portal, users.admin])
      expect(smtp.received.some((m) => m.to.includes(u.email))).toBe(false);
    // The digest subscriber got one digest when the oldest of theirs was a day old, with all three.
    const digests = smtp.received.filter((m) => m.to.includes(users.digester.email));
    expect(digests.map((m) => m.subject)).toEqual(['Kestrel daily digest: 3 device offline (red)']);
    expect(digests[0]!.text).toContain('Device offline (RED) (3)');
    // …and as HTML: a heading per kind, each alert a link to its page, a button to the inbox.
    expect(digests[0]!.contentType).toBe('multipart/alternative');
    expect(digests[0]!.html).toContain('>Device offline (RED) (3)</h2>');
    expect(digests[0]!.html).toContain(`<a href="https://kestrel.test/device-details?deviceId=${device.id}"`);
    expect(digests[0]!.html).toMatch(
      /<a href="https:\/\/kestrel.test\/email\/inbox"[^>]*>Read them in your inbox<\/a>/,
    );
    const theirs = await inbox(users.digester.id);
    expect(theirs.filter((m) => m.delivery === 'digest' && m.digestedAt !== null)).toHaveLength(3);
  });

  it('raises a failed-files alert on a spike and groups the next digest by kind, sent once', async () => {
    const now = t.app.now();
    await db()
      .insert(ingestLog)
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          receivedAt: new Date(now.getTime() - i * 60_000),
          door: 'dimse' as const,
          outcome: 'failed' as const,
          reason: 'not DICOM',
          deviceId: device.id,
          siteId: fleet.a1.id,
          customerId: fleet.a.id,
        })),
      );
    await db().update(devices).set({ lastHeartbeatAt: now }).where(eq(devices.id, device.id));
    expect(await runAlertRound(t.app)).toMatchObject({ raised: 1, resolved: 1, digests: 0 });

    // A day later the spike is over (resolved) and the digest is due.
    t.clock.advance(25 * HOUR);
    await db().update(devices).set({ lastHeartbeatAt: t.app.now() }).where(eq(devices.id, device.id));
    expect(await runAlertRound(t.app)).toMatchObject({ raised: 0, resolved: 1, digests: 1 });
    await smtp.waitFor(5);
    const digest = smtp.received.filter((m) => m.to.includes(users.digester.email))[1]!;
    expect(digest.subject).toBe('Kestrel daily digest: 1 device offline (red), 2 failed files');
    expect(digest.text).toContain('Device offline (RED) (1)');
    expect(digest.text).toContain('Failed files (2)');
    expect(digest.text.indexOf('Device offline (RED) (1)')).toBeLessThan(
      digest.text.indexOf('Failed files (2)'),
    );
    // Nothing is sent twice.
    expect((await runAlertRound(t.app)).digests).toBe(0);
  });

  const rollupRow = (deviceId: number, siteId: number, images: number, rejected: number) => ({
    day: t.app.now().toISOString().slice(0, 10),
    deviceId,
    siteId,
    customerId: fleet.b.id,
    deviceType: '2D',
    images,
    rejected,
    examsByProcedure: [],
    imagesByKind: [],
    agdViewSum: [],
    agdViewN: [],
    agdThickSum: [],
    agdThickN: [],
    masThickSum: [],
    masThickN: [],
    forceBands: [],
    thicknessBands: [],
    pressureBands: [],
    kvpBands: [],
    weekdayHour: [],
  });

  it('raises a reject-rate alert when a site’s week is above its target, not when below', async () => {
    const row = rollupRow;
    const high = await makeDevice(db(), fleet.b1, { lastHeartbeatAt: t.app.now() });
    const low = await makeDevice(db(), fleet.b2, { lastHeartbeatAt: t.app.now() });
    await db().update(sites).set({ rejectRateTarget: 15 }).where(eq(sites.id, fleet.b2.id));
    await db()
      .insert(rollupDeviceDay)
      .values([row(high.id, fleet.b1.id, 200, 30), row(low.id, fleet.b2.id, 200, 20)]);
    await runAlertRound(t.app);
    const episodes = await db()
      .select()
      .from(alertEpisodes)
      .where(eq(alertEpisodes.kind, 'reject_rate_alert'));
    expect(episodes.map((e) => e.subject)).toEqual([`site:${fleet.b1.id}`]);
    const [msg] = (await inbox(users.other.id)).filter((m) => m.kind === 'reject_rate_alert');
    expect(msg!.body).toContain('15.0 %');
    expect(msg!.link).toBe(`/hc-dashboards/SiteViewComponent?site=${fleet.b1.id}`);
  });

  it('uses the target set in site administration: bounded, shown on the site view, and read by the alert', async () => {
    const admin = as(await login(t.app, users.admin.email, TEST_PASSWORD));
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/sites',
      headers: admin,
      payload: { customerId: fleet.b.id, name: 'Beta Strict', rejectRateTarget: 4 },
    });
    expect(created.statusCode).toBe(200);
    const site = created.json().result as { id: number; customerId: number; rejectRateTarget: number };
    expect(site.rejectRateTarget).toBe(4);
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/admin/sites/${site.id}`, headers: admin, payload });
    // Out of bounds or finer than one decimal: a 400 naming the field, nothing saved.
    for (const bad of [0.4, 50.1, 7.25, 'eight']) {
      const r = await put({ rejectRateTarget: bad });
      expect(r.statusCode, String(bad)).toBe(400);
      expect(r.json().issues[0].path).toBe('body.rejectRateTarget');
    }
    // A customer user of that customer may not set it.
    const customer = as(await login(t.app, users.other.email, TEST_PASSWORD));
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/admin/sites/${site.id}`,
          headers: customer,
          payload: { rejectRateTarget: 30 },
        })
      ).statusCode,
    ).toBe(403);

    // 5 % rejected: under the default 8 %, over this site's own 4 %.
    const device = await makeDevice(db(), site, { lastHeartbeatAt: t.app.now() });
    await db()
      .insert(rollupDeviceDay)
      .values(rollupRow(device.id, site.id, 200, 10));
    await runAlertRound(t.app);
    const open = () =>
      db()
        .select()
        .from(alertEpisodes)
        .where(eq(alertEpisodes.subject, `site:${site.id}`));
    expect((await open()).map((e) => e.resolvedAt)).toEqual([null]);
    const [msg] = (await inbox(users.admin.id)).filter(
      (m) => m.kind === 'reject_rate_alert' && m.siteId === site.id,
    );
    expect(msg!.body).toContain('its target is 4 %');

    // Raised to 5.5 %: the week is within target again, so the episode resolves.
    expect((await put({ rejectRateTarget: 5.5 })).json().result.rejectRateTarget).toBe(5.5);
    await runAlertRound(t.app);
    expect((await open())[0]!.resolvedAt).toBeInstanceOf(Date);

    // The site view shows the site's own target, and the default for a site without one.
    const details = await t.app.inject({ method: 'GET', url: '/api/siteDetails', headers: admin });
    const shown = (id: number) =>
      details.json().result.sites.find((s: { id: number }) => s.id === id) as {
        rejectRateTarget: number;
        rejectRateTargetDefault: boolean;
      };
    expect(shown(site.id)).toMatchObject({ rejectRateTarget: 5.5, rejectRateTargetDefault: false });
    expect(shown(fleet.b1.id)).toMatchObject({ rejectRateTarget: 8, rejectRateTargetDefault: true });

    // Cleared: the default again.
    expect((await put({ rejectRateTarget: null })).json().result.rejectRateTarget).toBeNull();
  });

  it('e-mails an alert as plain text and HTML: the text kept, the HTML escaped, a button to the page, nothing remote', async () => {
    const before = smtp.received.length;
    await deliverMessage(messageDeps(t.app), {
      userIds: [users.mailer.id],
      kind: 'connection_alert',
      subject: 'Room <2> & "east"',
      body: "Aurora <script>alert(1)</script> at O'Brien & Sons\nsecond line",
      link: `/device-details?deviceId=${device.id}`,
    });
    const mail = (await smtp.waitFor(before + 1))[before]!;
    expect(mail.contentType).toBe('multipart/alternative');
    // The plain text is as before (the SMTP conversation ends its lines with CRLF).
    expect(mail.text.replace(/\r\n/g, '\n')).toContain(
      "Aurora <script>alert(1)</script> at O'Brien & Sons\nsecond line",
    );
    expect(mail.text).toContain(
      `Open it in Kestrel: https://kestrel.test/device-details?deviceId=${device.id}`,
    );
    // The HTML shows the same words, escaped, and never runs or loads anything.
    const html = mail.html!;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Room &lt;2&gt; &amp; &quot;east&quot;</title>');
    expect(html).toContain(
      'Aurora &lt;script&gt;alert(1)&lt;/script&gt; at O&#39;Brien &amp; Sons<br>second line',
    );
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/<img|src=|url\(|<link/i);
    expect(html).toMatch(
      new RegExp(
        `<a href="https://kestrel.test/device-details\\?deviceId=${device.id}"[^>]*>Open it in Kestrel</a>`,
      ),
    );
    expect(html).toContain('<a href="https://kestrel.test/email/inbox"');
  });
});
