import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startTestIdp } from '../apps/server/src/test/oidc-idp-process';

export const E2E_PASSWORD = 'kestrel-e2e-password';
/** Company sign-in (docs/sso.md): the test identity provider's clients, one per spec test that needs its own. */
export const E2E_IDP_SECRET = 'kestrel-e2e-idp-client-secret';
export const E2E_IDP_CLIENTS = Array.from({ length: 10 }, (_, i) => `kestrel-e2e-${i + 1}`);

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as net.AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

/** An SMTP server on a loopback port that writes each mail it receives to `dir` as a file. */
async function startMailDrop(dir: string) {
  const { SMTPServer } = await import('smtp-server');
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        fs.writeFileSync(path.join(dir, `${Date.now()}-${n++}-${to}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
const root = path.resolve(import.meta.dirname, '..');

/**
 * Starts the real server (tsx, as `npm start` does) on a free port with a temporary data
 * directory and a small demo fleet; returns the teardown that stops it and removes the data.
 */
export default async function globalSetup() {
  if (process.env.KESTREL_E2E_URL) return; // A server given from outside (debugging).
  const dist = path.join(root, 'apps/web/dist/index.html');
  if (!fs.existsSync(dist)) throw new Error('No web build: run "npm run build" first (npm test does).');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-e2e-'));
  // A known port, so that PUBLIC_URL (the redirect address the identity provider knows) is right.
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  // A real OpenID provider as its own process on a loopback port (docs/sso.md "Testing").
  const idp = await startTestIdp({
    clients: E2E_IDP_CLIENTS.map((client_id) => ({
      client_id,
      client_secret: E2E_IDP_SECRET,
      redirect_uris: [`${publicUrl}/api/sso/callback`],
      backchannel_logout_uri: `${publicUrl}/api/sso/backchannel-logout`,
    })),
  });
  process.env.KESTREL_E2E_IDP = idp.issuer;
  // A real SMTP server: every mail the portal sends lands as a file in the mail directory, which
  // specs read (e.g. a password link). docs/accounts.md.
  const mailDir = path.join(dataDir, 'mail');
  fs.mkdirSync(mailDir);
  const smtp = await startMailDrop(mailDir);
  process.env.KESTREL_E2E_MAILDIR = mailDir;
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      SSO_SECRET_KEY: '0123456789abcdef'.repeat(4),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DAYS: '7',
      // The fleet generator needs at least one device per demo site (30).
      DEMO_DEVICES: '60',
      DEMO_PASSWORD: E2E_PASSWORD,
      // The fleet as loaded: counts the specs compare must not move under them.
      DEMO_LIVE: 'false',
      LOGIN_RATE_LIMIT: '10000',
      WEB_DIST: path.join(root, 'apps/web/dist'),
      LOG_LEVEL: 'warn',
      DICOM_PORT: '0',
      SMTP_URL: smtp.url,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The server did not start in 180 s:\n${output}`)),
      180_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = output.match(/is running at (http:\/\/\S+)/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!.replace('localhost', '127.0.0.1'));
      }
    };
    server.stdout!.on('data', onData);
    server.stderr!.on('data', onData);
    server.on('exit', (code) => reject(new Error(`The server exited (${code}):\n${output}`)));
  });
  process.env.KESTREL_E2E_URL = url;
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await idp.stop();
    await smtp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
