import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

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

/**
 * Headers and the decoded text and HTML bodies of a mail: a single text part, or the text/plain
 * and text/html parts found in its multipart bodies (alternative, mixed; nested).
 */
function parse(raw: string): { subject: string; text: string; html: string | null; contentType: string } {
  const { head, body } = split(raw);
  const subject = /^Subject: (.*)$/im.exec(head)?.[1] ?? '';
  const contentType = /^Content-Type: ([^;\r\n]+)/im.exec(head)?.[1]?.toLowerCase() ?? 'text/plain';
  const found: { text?: string; html?: string } = {};
  collect(head, body, found);
  return { subject, text: found.text ?? '', html: found.html ?? null, contentType };
}

function split(raw: string) {
  const at = raw.indexOf('\r\n\r\n');
  return {
    head: raw.slice(0, at).replace(/\r\n[ \t]+/g, ' '),
    body: raw.slice(at + 4),
  };
}

function collect(head: string, body: string, found: { text?: string; html?: string }) {
  const type = /^Content-Type: ([^;\r\n]+)/im.exec(head)?.[1]?.toLowerCase() ?? 'text/plain';
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head)?.[1];
    if (!boundary) return;
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break; // the closing delimiter
      const p = split(part.replace(/^\r\n/, ''));
      collect(p.head, p.body.replace(/\r\n$/, ''), found);
    }
    return;
  }
  const encoding = /^Content-Transfer-Encoding: (\S+)/im.exec(head)?.[1]?.toLowerCase();
  const decoded = decode(body, encoding);
  if (type === 'text/html') found.html ??= decoded;
  else if (type === 'text/plain') found.text ??= decoded;
}

function decode(body: string, encoding: string | undefined): string {
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const soft = body.replace(/=\r\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}
