import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../platform/db/schema';
import { as, buildTestApp, login, type TestApp } from '../../test/app';
import { makeUser, TEST_PASSWORD } from '../../test/factories';
import { startSmtpServer } from '../../test/smtp';
import { FORGOT_ANSWER, RESETS_PER_ADDRESS } from './forgot-password';

const NEW_PASSWORD = 'amber quarry thistle 58';
const tokenIn = (text: string) => /set-password#token=(pl_[A-Za-z0-9_-]{43})/.exec(text)?.[1];

describe('forgot password', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp({
      LOGIN_RATE_LIMIT: '1000',
      PASSWORD_FORGOT_RATE_LIMIT: '1000',
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://kestrel.test',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const forgot = (email: string, app = t.app) =>
    app.inject({ method: 'POST', url: '/api/forgotPassword', payload: { email } });
  const setPassword = (token: string, newPassword: string) =>
    t.app.inject({ method: 'POST', url: '/api/password-link/set', payload: { token, newPassword } });
  const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));

  it('200: the same answer for a known, an unknown and an SSO address; only the known one gets mail', async () => {
    const u = await makeUser(t.database.db, { role: 'customer_user' });
    const sso = await makeUser(t.database.db, { role: 'customer_user', userType: 'sso' });
    const known = await forgot(u.email.toUpperCase());
    const unknown = await forgot('nobody-here@test.kestrel');
    const ssoAnswer = await forgot(sso.email);
    for (const r of [known, unknown, ssoAnswer]) {
      expect(r.statusCode).toBe(200);
      expect(r.body).toBe(known.body);
    }
    expect(known.json().result).toBe(FORGOT_ANSWER);
    await smtp.waitFor(1);
    const outbox = await t.database.db.select().from(mailOutbox);
    expect(outbox.map((m) => m.to)).toContain(u.email);
    expect(outbox.map((m) => m.to)).not.toContain(sso.email);
    expect(outbox.map((m) => m.to)).not.toContain('nobody-here@test.kestrel');
  });

  it('the mailed link sets a new password under the policy, once; every session of the user ends', async () => {
    const u = await makeUser(t.database.db, { role: 'customer_user' });
    const session = await login(t.app, u.email, TEST_PASSWORD);
    const before = smtp.received.length;
    await forgot(u.email);
    await smtp.waitFor(before + 1);
    const mail = mailsTo(u.email).at(-1)!;
    expect(mail.subject).toMatch(/new password/);
    const token = tokenIn(mail.text)!;
    expect(mail.text).toContain(`https://kestrel.test/set-password#token=${token}`);

    // The policy applies: a common password is refused and the link stays usable.
    const weak = await setPassword(token, 'password1234');
    expect(weak.statusCode).toBe(400);
    expect((await setPassword(token, NEW_PASSWORD)).statusCode).toBe(200);
    // Used once: the second use is refused.
    const reused = await setPassword(token, `${NEW_PASSWORD} again`);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toMatch(/already been used/);
    // The old session is over; the new password signs in.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/sessionvalid', headers: as(session) })).statusCode,
    ).toBe(401);
    await login(t.app, u.email, NEW_PASSWORD);
  });

  it('400: an expired link is refused', async () => {
    const u = await makeUser(t.database.db, { role: 'customer_user' });
    const before = smtp.received.length;
    await forgot(u.email);
    await smtp.waitFor(before + 1);
    const token = tokenIn(mailsTo(u.email).at(-1)!.text)!;
    t.clock.advance(t.app.config.PASSWORD_RESET_MINUTES * 60_000 + 1000);
    const r = await setPassword(token, NEW_PASSWORD);
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toMatch(/expired/);
  });

  it(`per address: at most ${RESETS_PER_ADDRESS.max} mails an hour, answered alike`, async () => {
    const u = await makeUser(t.database.db, { role: 'customer_user' });
    const answers = [];
    for (let i = 0; i < RESETS_PER_ADDRESS.max + 2; i++) answers.push((await forgot(u.email)).body);
    expect(new Set(answers).size).toBe(1);
    const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, u.email));
    expect(rows).toHaveLength(RESETS_PER_ADDRESS.max);
  });
});

describe('forgot password: per client address', () => {
  it('429: a client gets PASSWORD_FORGOT_RATE_LIMIT requests per 15 minutes', async () => {
    const t = await buildTestApp({ PASSWORD_FORGOT_RATE_LIMIT: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const r = await t.app.inject({
          method: 'POST',
          url: '/api/forgotPassword',
          payload: { email: `someone${i}@test.kestrel` },
        });
        statuses.push(r.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await t.close();
    }
  });
});
