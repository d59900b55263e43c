import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { mimeParts } from './mime';

/** A mail as the SMTP server received it, with its text (and HTML, if any) body decoded. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  /** The top-level Content-Type, e.g. 'text/plain' or 'multipart/alternative'. */
  contentType: string;
  text: string;
  html: string | null;
}

/**
 * A real SMTP server on a loopback port (the `smtp-server` package), for tests of outgoing mail:
 * it speaks SMTP to nodemailer like any mail server and keeps what it receives.
 */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          ...parse(raw),
        });
        for (const w of waiters.splice(0)) w();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Resolves when at least `count` mails have arrived (or fails after `ms`). */
    async waitFor(count: number, ms = 10_000): Promise<ReceivedMail[]> {
      const until = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} mails, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The subject and the decoded text and HTML bodies of a mail, single-part or multipart (mime.ts). */
function parse(raw: string): { subject: string; text: string; html: string | null; contentType: string } {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const subject = /^Subject: (.*)$/im.exec(head)?.[1] ?? '';
  const contentType = /^Content-Type: ([^;\r\n]+)/im.exec(head)?.[1]?.toLowerCase() ?? 'text/plain';
  const parts = mimeParts(raw);
  const body = (type: string) =>
    parts
      .find((p) => (p.headers['content-type'] ?? 'text/plain').toLowerCase().startsWith(type))
      ?.body.toString('utf8');
  return { subject, contentType, text: body('text/plain') ?? '', html: body('text/html') ?? null };
}
