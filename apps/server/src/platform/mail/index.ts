import { eq, inArray } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db, DbOrTx } from '../db';
import { mailAttachments, mailOutbox } from '../db/schema';

/**
 * Outgoing mail (docs/administration.md "Mail and the outbox"). Every mail is first written to
 * `mail_outbox` in the caller's transaction, so a mail exists exactly when the change that sent it
 * committed; after the commit `deliver` hands the recorded mails to the SMTP server at SMTP_URL.
 * Without SMTP_URL they stay in the outbox, which the provider admin reads in the portal.
 */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /**
   * An HTML alternative (platform/mail/html.ts): the mail then goes as multipart/alternative, the
   * plain text first, so a reader without HTML gets the text.
   */
  html?: string | null;
  /** The recipient's customer, if any (who may read the outbox row). */
  customerId?: number | null;
  /** Files sent with the mail (a scheduled report's PDF), kept beside the outbox row. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface Mailer {
  /** True when mails leave the building (SMTP_URL is set). */
  readonly delivers: boolean;
  /** Record a mail in the outbox inside the caller's transaction; returns its outbox id. */
  record(tx: DbOrTx, mail: OutgoingMail): Promise<number>;
  /** After the commit: send recorded mails (no-op without SMTP). Failures are kept on the row. */
  deliver(ids: readonly number[]): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  now: () => Date;
  log: { warn(obj: object, msg: string): void };
}

/** A slow or silent mail server must not hold an administrator's request for minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export function createMailer(db: Db, opts: MailerOptions): Mailer {
  const transport: Transporter | null = opts.smtpUrl
    ? nodemailer.createTransport({ url: opts.smtpUrl, ...SMTP_TIMEOUTS } as never, { from: opts.from })
    : null;

  return {
    delivers: transport != null,
    async record(tx, mail) {
      const [row] = await tx
        .insert(mailOutbox)
        .values({
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? null,
          customerId: mail.customerId ?? null,
          createdAt: opts.now(),
        })
        .returning({ id: mailOutbox.id });
      if (mail.attachments?.length)
        await tx.insert(mailAttachments).values(mail.attachments.map((a) => ({ mailId: row!.id, ...a })));
      return row!.id;
    },
    async deliver(ids) {
      if (!transport || !ids.length) return;
      const rows = await db
        .select()
        .from(mailOutbox)
        .where(inArray(mailOutbox.id, [...ids]));
      for (const row of rows) {
        if (row.status !== 'outbox') continue;
        try {
          const attachments = await db
            .select()
            .from(mailAttachments)
            .where(eq(mailAttachments.mailId, row.id))
            .orderBy(mailAttachments.id);
          await transport.sendMail({
            to: row.to,
            subject: row.subject,
            text: row.text,
            ...(row.html ? { html: row.html } : {}),
            attachments: attachments.map((a) => ({
              filename: a.filename,
              contentType: a.contentType,
              content: Buffer.from(a.content),
            })),
          });
          await db
            .update(mailOutbox)
            .set({ status: 'sent', sentAt: opts.now(), error: null })
            .where(eq(mailOutbox.id, row.id));
        } catch (err) {
          const error = err instanceof Error ? err.message.slice(0, 500) : 'unknown error';
          opts.log.warn({ mailId: row.id, error }, 'mail not delivered; it stays in the outbox');
          await db.update(mailOutbox).set({ status: 'failed', error }).where(eq(mailOutbox.id, row.id));
        }
      }
    },
    close() {
      transport?.close();
    },
  };
}
