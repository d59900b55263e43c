import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { startSmtpServer } from '../../test/smtp';
import { mailOutbox } from '../db/schema';

describe('mail through SMTP_URL', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Kestrel <kestrel@test.kestrel>' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('records the mail in the outbox in the transaction and delivers it to the SMTP server after', async () => {
    const db = t.database.db;
    const id = await db.transaction((tx) =>
      t.app.mailer.record(tx, {
        to: 'nurse@hospital.test',
        subject: 'Set your password',
        text: `Open ${'https://kestrel.test/set-password#token=pl_'.padEnd(120, 'x')} to begin. Grüße`,
      }),
    );
    const [queued] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(queued).toMatchObject({ to: 'nurse@hospital.test', status: 'outbox' });

    await t.app.mailer.deliver([id]);
    const [mail] = await smtp.waitFor(1);
    expect(mail).toMatchObject({ from: 'kestrel@test.kestrel', to: ['nurse@hospital.test'] });
    expect(mail!.subject).toBe('Set your password');
    expect(mail!.text).toContain('https://kestrel.test/set-password#token=pl_xxxx');
    expect(mail!.text).toContain('Grüße');
    const [sent] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(sent).toMatchObject({ status: 'sent' });
    expect(sent!.sentAt).toBeInstanceOf(Date);
  });

  it('keeps nothing when the transaction that wrote the mail rolls back', async () => {
    const db = t.database.db;
    const before = await db.$count(mailOutbox);
    await expect(
      db.transaction(async (tx) => {
        await t.app.mailer.record(tx, { to: 'x@hospital.test', subject: 'never', text: 'never' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await db.$count(mailOutbox)).toBe(before);
  });
});

describe('mail without SMTP_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('stays in the outbox', async () => {
    const db = t.database.db;
    expect(t.app.mailer.delivers).toBe(false);
    const id = await t.app.mailer.record(db, { to: 'a@b.test', subject: 'Hello', text: 'Body' });
    await t.app.mailer.deliver([id]);
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'outbox', sentAt: null });
  });
});

describe('mail to a server that refuses it', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    await smtp.close(); // nothing listens on that port any more
    t = await buildTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(() => t.close());

  it('marks the mail failed with the reason and keeps it readable in the outbox', async () => {
    const db = t.database.db;
    const id = await t.app.mailer.record(db, { to: 'a@b.test', subject: 'Hello', text: 'Body' });
    await t.app.mailer.deliver([id]);
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row!.status).toBe('failed');
    expect(row!.error).toBeTruthy();
  });
});
