import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Real processes for the browser suite: the portal server (tsx, as `npm start` does) and an SMTP
 * server that drops each mail as a file. global-setup.ts starts the shared portal; a spec that needs
 * a portal configured otherwise (a tile service, short connection thresholds) starts its own.
 */
export const root = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as net.AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

/** An SMTP server on a loopback port that writes each mail it receives to `dir` as a file. */
export async function startMailDrop(dir: string) {
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

export interface Portal {
  url: string;
  port: number;
  dataDir: string;
  /** Where the portal's SMTP server drops the mails it receives (one file each). */
  mailDir: string;
  stop(): Promise<void>;
}

/**
 * Starts a portal on a free port with a temporary data directory, a small demo fleet and its own
 * mail drop; `env` adds to or overrides the defaults. Stopping removes the data.
 */
export async function startPortal(env: Record<string, string> = {}, port?: number): Promise<Portal> {
  const dist = path.join(root, 'apps/web/dist/index.html');
  if (!fs.existsSync(dist)) throw new Error('No web build: run "npm run build" first (npm test does).');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-e2e-'));
  const mailDir = path.join(dataDir, 'mail');
  fs.mkdirSync(mailDir);
  const smtp = await startMailDrop(mailDir);
  const listen = port ?? (await freePort());
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(listen),
      PUBLIC_URL: `http://127.0.0.1:${listen}`,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DAYS: '7',
      // The fleet generator needs at least one device per demo site (30).
      DEMO_DEVICES: '60',
      // The fleet as loaded: counts the specs compare must not move under them.
      DEMO_LIVE: 'false',
      LOGIN_RATE_LIMIT: '10000',
      WEB_DIST: path.join(root, 'apps/web/dist'),
      LOG_LEVEL: 'warn',
      DICOM_PORT: '0',
      SMTP_URL: smtp.url,
      ...env,
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
  return {
    url,
    port: listen,
    dataDir,
    mailDir,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      await smtp.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
