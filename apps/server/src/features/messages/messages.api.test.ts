import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, sessions, staffAssignments } from '../../platform/db/schema';
import { as, buildTestApp, login, type TestApp } from '../../test/app';
import { makeDevice, makeUser, TEST_PASSWORD, twoCustomers } from '../../test/factories';
import { deliverMessage } from './deliver';
import { messageDeps } from './monitor';

/** The inbox, reading, archive, the unread count and composing (docs/messages.md §1). */
describe('messages', () => {
  let t: TestApp;
  let fleet: Awaited<ReturnType<typeof twoCustomers>>;
  let nurse: { id: number; email: string };
  let rep: { id: number; email: string };
  let stranger: { id: number; email: string };
  let nurseToken: string;
  let repToken: string;
  const db = () => t.database.db;
  const get = (token: string, url: string) => t.app.inject({ url, headers: as(token) });
  const post = (token: string, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: as(token), payload });

  beforeAll(async () => {
    t = await buildTestApp();
    fleet = await twoCustomers(db());
    nurse = await makeUser(db(), { role: 'customer_user', customerId: fleet.a.id, sites: [fleet.a1] });
    rep = await makeUser(db(), { role: 'sales', sales: [{ customerId: fleet.a.id }] });
    stranger = await makeUser(db(), { role: 'sales', sales: [{ customerId: fleet.b.id }] });
    const engineer = await makeUser(db(), { role: 'service' });
    await db()
      .insert(staffAssignments)
      .values({ userId: engineer.id, kind: 'service', customerId: fleet.a.id, siteId: fleet.a2.id });
    nurseToken = await login(t.app, nurse.email, TEST_PASSWORD);
    repToken = await login(t.app, rep.email, TEST_PASSWORD);
    const deps = messageDeps(t.app);
    for (let i = 0; i < 5; i++) {
      await deliverMessage(
        { ...deps, now: new Date(deps.now.getTime() - (5 - i) * 60_000) },
        {
          userIds: [nurse.id],
          kind: i % 2 ? 'release' : 'approval',
          subject: `Notice ${i}`,
          body: `Body ${i}`,
        },
      );
    }
  });
  afterAll(() => t.close());

  it('lists the inbox in pages, unread first or by date, filtered by kind, with the unread count', async () => {
    const first = (await get(nurseToken, '/api/messages?limit=2&order=date')).json().result;
    expect(first.total).toBe(5);
    expect(first.unread).toBe(5);
    expect(first.items.map((m: { subject: string }) => m.subject)).toEqual(['Notice 4', 'Notice 3']);
    const second = (await get(nurseToken, '/api/messages?limit=2&offset=2&order=date')).json().result;
    expect(second.items.map((m: { subject: string }) => m.subject)).toEqual(['Notice 2', 'Notice 1']);
    const releases = (await get(nurseToken, '/api/messages?kind=release')).json().result;
    expect(releases.items.map((m: { subject: string }) => m.subject)).toEqual(['Notice 3', 'Notice 1']);

    // Reading one marks it read: it moves behind the unread ones.
    const [oldest] = (await get(nurseToken, '/api/messages?order=date')).json().result.items.slice(-1);
    await get(nurseToken, `/api/messages/${oldest.id}`);
    const newest = (await get(nurseToken, '/api/messages?order=date&limit=1')).json().result.items[0];
    const read = (await get(nurseToken, `/api/messages/${newest.id}`)).json().result;
    expect(read).toMatchObject({ subject: 'Notice 4', body: 'Body 4', read: true });
    expect((await get(nurseToken, '/api/messages/unread-count')).json().result).toEqual({ unread: 3 });
    const unreadFirst = (await get(nurseToken, '/api/messages?order=unread')).json().result.items;
    expect(unreadFirst.map((m: { read: boolean }) => m.read)).toEqual([false, false, false, true, true]);

    // Marked unread again, then archived: out of the inbox and the count, into the archive.
    expect((await post(nurseToken, `/api/messages/${newest.id}/unread`, {})).statusCode).toBe(200);
    expect((await get(nurseToken, '/api/messages/unread-count')).json().result).toEqual({ unread: 4 });
    expect(
      (await post(nurseToken, `/api/messages/${newest.id}/archive`, { archived: true })).statusCode,
    ).toBe(200);
    expect((await get(nurseToken, '/api/messages/unread-count')).json().result).toEqual({ unread: 3 });
    expect((await get(nurseToken, '/api/messages')).json().result.total).toBe(4);
    const archive = (await get(nurseToken, '/api/messages?box=archive')).json().result;
    expect(archive.items.map((m: { id: number }) => m.id)).toEqual([newest.id]);
  });

  it('answers another user’s message as if it did not exist, and changes nothing', async () => {
    const [theirs] = await db()
      .select()
      .from(messages)
      .where(eq(messages.recipientUserId, nurse.id))
      .limit(1);
    const r = await get(repToken, `/api/messages/${theirs!.id}`);
    expect(r.statusCode).toBe(404);
    expect((await post(repToken, `/api/messages/${theirs!.id}/archive`, { archived: true })).statusCode).toBe(
      404,
    );
    expect((await post(repToken, `/api/messages/${theirs!.id}/unread`, {})).statusCode).toBe(404);
  });

  it('composes to one’s provider contacts only, with a device one sees attached', async () => {
    const recipients = (await get(nurseToken, '/api/messages/recipients')).json().result;
    // The sales rep of the customer; not the service engineer of a site the nurse does not see, nor another rep.
    expect(recipients).toEqual([
      { userId: rep.id, displayName: expect.any(String), role: 'Sales representative' },
    ]);

    const mine = await makeDevice(db(), fleet.a1);
    const sent = await post(nurseToken, '/api/messages', {
      toUserId: rep.id,
      subject: 'Paddle cracked',
      body: 'The compression paddle of room 2 is cracked.',
      deviceId: mine.id,
    });
    expect(sent.statusCode).toBe(200);
    const inRepBox = (await get(repToken, `/api/messages/${sent.json().result.id}`)).json().result;
    expect(inRepBox).toMatchObject({
      kind: 'message',
      subject: 'Paddle cracked',
      link: `/device-details?deviceId=${mine.id}`,
      device: { id: mine.id, serial: mine.serial },
      site: { id: fleet.a1.id },
    });
    expect(inRepBox.senderName).toMatch(/Test User/);

    // A device or site of a site the nurse does not see is refused like one that does not exist.
    const elsewhere = await makeDevice(db(), fleet.a2);
    const hidden = await post(nurseToken, '/api/messages', {
      toUserId: rep.id,
      subject: 'x',
      body: 'y',
      deviceId: elsewhere.id,
    });
    expect(hidden.statusCode).toBe(404);
    const site = await post(nurseToken, '/api/messages', {
      toUserId: rep.id,
      subject: 'x',
      body: 'y',
      siteId: fleet.b1.id,
    });
    expect(site.statusCode).toBe(404);
    // Nobody but a contact.
    const other = await post(nurseToken, '/api/messages', { toUserId: stranger.id, subject: 'x', body: 'y' });
    expect(other.statusCode).toBe(404);
    expect(await db().select().from(messages).where(eq(messages.recipientUserId, stranger.id))).toHaveLength(
      0,
    );
  });

  it('lets provider staff write to the people of the customers they see', async () => {
    const recipients = (await get(repToken, '/api/messages/recipients')).json().result;
    expect(recipients.map((r: { userId: number }) => r.userId)).toEqual([nurse.id]);
    const sent = await post(repToken, '/api/messages', {
      toUserId: nurse.id,
      subject: 'Re: paddle',
      body: 'On its way.',
    });
    expect(sent.statusCode).toBe(200);
  });

  it('answers a person’s message: to its sender only, when the replier may write to them, with the device kept', async () => {
    const device = await makeDevice(db(), fleet.a1);
    const asked = await post(repToken, '/api/messages', {
      toUserId: nurse.id,
      subject: 'Calibration visit',
      body: 'May we come on Tuesday?',
      deviceId: device.id,
    });
    expect(asked.statusCode).toBe(200);
    // The id answered is the row in the nurse’s inbox (each recipient has their own).
    const received = (await get(nurseToken, `/api/messages/${asked.json().result.id}`)).json().result;
    expect(received).toMatchObject({
      subject: 'Calibration visit',
      replyTo: { userId: rep.id, displayName: expect.any(String) },
      device: { id: device.id },
    });
    const reply = await post(nurseToken, '/api/messages', {
      toUserId: rep.id,
      subject: 'Re: Calibration visit',
      body: 'Tuesday is fine.',
      deviceId: device.id,
      replyToId: received.id,
    });
    expect(reply.statusCode).toBe(200);
    const got = (await get(repToken, `/api/messages/${reply.json().result.id}`)).json().result;
    expect(got).toMatchObject({
      subject: 'Re: Calibration visit',
      device: { id: device.id },
      replyTo: { userId: nurse.id },
    });

    // A reply goes to the sender and nobody else…
    const elsewhere = await post(nurseToken, '/api/messages', {
      toUserId: stranger.id,
      subject: 'Re: Calibration visit',
      body: 'x',
      replyToId: received.id,
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().issues[0].path).toBe('body.toUserId');
    // …answers only a message of one's own…
    const notMine = await post(nurseToken, '/api/messages', {
      toUserId: nurse.id,
      subject: 'Re: x',
      body: 'x',
      replyToId: reply.json().result.id,
    });
    expect(notMine.statusCode).toBe(404);

    // …and only to someone the replier may write to: a provider admin is no customer contact.
    const admin = await makeUser(db(), { role: 'provider_admin' });
    const adminToken = await login(t.app, admin.email, TEST_PASSWORD);
    const fromAdmin = await post(adminToken, '/api/messages', {
      toUserId: nurse.id,
      subject: 'Maintenance tonight',
      body: 'The portal restarts at 22:00.',
    });
    expect(fromAdmin.statusCode).toBe(200);
    const notice = (await get(nurseToken, `/api/messages/${fromAdmin.json().result.id}`)).json().result;
    expect(notice.replyTo).toBeNull();
    const refused = await post(nurseToken, '/api/messages', {
      toUserId: admin.id,
      subject: 'Re: Maintenance tonight',
      body: 'Thanks',
      replyToId: notice.id,
    });
    expect(refused.statusCode).toBe(404);
    expect(await db().select().from(messages).where(eq(messages.recipientUserId, admin.id))).toHaveLength(0);

    // Automatic messages have nobody to answer.
    const [notices] = (await get(nurseToken, '/api/messages?kind=release')).json().result.items;
    expect((await get(nurseToken, `/api/messages/${notices.id}`)).json().result.replyTo).toBeNull();
  });

  it('the header’s unread-count poll does not keep an idle session alive', async () => {
    const u = await makeUser(db(), { role: 'customer_user', customerId: fleet.a.id, sites: [fleet.a1] });
    const token = await login(t.app, u.email, TEST_PASSWORD);
    const seen = async () =>
      (await db().select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.userId, u.id)))[0]!.at;
    const before = await seen();
    t.clock.advance(60_000);
    expect((await t.app.inject({ url: '/api/messages/unread-count', headers: as(token) })).statusCode).toBe(
      200,
    );
    expect(await seen()).toEqual(before);
    // The user's own call does.
    expect((await t.app.inject({ url: '/api/messages', headers: as(token) })).statusCode).toBe(200);
    expect((await seen()).getTime()).toBeGreaterThan(before.getTime());
  });

  it('refuses an empty subject naming the field', async () => {
    const r = await post(nurseToken, '/api/messages', { toUserId: rep.id, subject: '  ', body: 'y' });
    expect(r.statusCode).toBe(400);
    expect(r.body).toContain('subject');
  });

  it('keeps each user’s alert delivery per kind, portal by default', async () => {
    const before = (await get(nurseToken, '/api/messages/preferences')).json().result.preferences;
    expect(before).toHaveLength(4);
    expect(before.every((p: { delivery: string }) => p.delivery === 'portal')).toBe(true);
    const r = await t.app.inject({
      method: 'PUT',
      url: '/api/messages/preferences',
      headers: as(nurseToken),
      payload: {
        preferences: [
          { kind: 'tube_alert', delivery: 'digest' },
          { kind: 'tube_alert', delivery: 'email' },
        ],
      },
    });
    expect(r.statusCode).toBe(200);
    const after = (await get(nurseToken, '/api/messages/preferences')).json().result.preferences;
    expect(after).toContainEqual({ kind: 'tube_alert', delivery: 'email' });
    expect((await get(repToken, '/api/messages/preferences')).json().result.preferences).toContainEqual({
      kind: 'tube_alert',
      delivery: 'portal',
    });
  });
});
