import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../platform/db';
import { rowsOf } from '../platform/db/rows';

/**
 * The real server process on a fresh embedded database (docs/demo.md): the port answers before
 * the demo history is complete, the history then completes in the background, a kill -9 in the
 * middle of it is resumed by the next start, and the living demo's devices send heartbeats on a
 * one-second interval through the heartbeat service.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const PASSWORD = 'first-start-password';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-first-start-'));
const children: ChildProcess[] = [];

function startServer(): { child: ChildProcess; url: Promise<string>; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DICOM_PORT: '0',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web-build'),
      DEMO_DAYS: '60',
      DEMO_RECENT_DAYS: '2',
      DEMO_DEVICES: '40',
      DEMO_PASSWORD: PASSWORD,
      DEMO_LIVE_INTERVAL_SECONDS: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const url = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = output.match(/is running at (http:\/\/\S+)/);
      if (m) resolve(m[1]!.replace('localhost', '127.0.0.1'));
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
  });
  return { child, url, output: () => output };
}

async function signIn(url: string): Promise<string> {
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.kestrel', password: PASSWORD }),
  });
  return ((await login.json()) as { result: { token: string } }).result.token;
}

async function demoStatus(url: string, token: string) {
  const r = await fetch(`${url}/api/demoStatus`, { headers: { 'x-access-token': token } });
  return (
    (await r.json()) as { result: { history: { daysLoaded: number; days: number; complete: boolean } } }
  ).result.history;
}

const until = async (what: () => Promise<boolean>, ms: number) => {
  const end = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 250));
  }
};

describe('first start of the real server with the demo', () => {
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('opens the port before the history is complete, resumes it after a kill -9, and keeps the fleet alive', async () => {
    const first = startServer();
    const url = await first.url;
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const token = await signIn(url);
    const early = await demoStatus(url, token);
    expect(early.complete).toBe(false);
    expect(early.days).toBe(60);
    expect(early.daysLoaded).toBeLessThan(60);
    // Killed without warning in the middle of the background history.
    await until(async () => (await demoStatus(url, token)).daysLoaded >= 6, 120_000);
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));

    const second = startServer();
    const url2 = await second.url;
    expect(second.output()).not.toContain('Loading the demo fleet');
    const token2 = await signIn(url2);
    await until(async () => (await demoStatus(url2, token2)).complete, 240_000);
    expect(second.output()).toContain('Demo history complete');
    // The living demo: a round a second, each a heartbeat from every reachable device.
    await new Promise((r) => setTimeout(r, 3000));
    second.child.kill('SIGTERM');
    await new Promise((r) => second.child.once('exit', r));

    const database = await openPglite(dataDir);
    try {
      const [row] = rowsOf<{ facts: number; uids: number; rollup: number; beats: number; devices: number }>(
        await database.db.execute(`select
          (select count(*)::int from image_facts) as facts,
          (select count(distinct sop_instance_uid)::int from image_facts) as uids,
          (select sum(images)::int from rollup_device_month) as rollup,
          (select count(*)::int from device_heartbeats) as beats,
          (select count(*)::int from devices where last_heartbeat_at is not null) as devices`),
      );
      expect(row!.facts).toBeGreaterThan(0);
      expect(row!.uids).toBe(row!.facts);
      expect(row!.rollup).toBe(row!.facts);
      // One heartbeat per device from the load, then several rounds of live ones.
      expect(row!.beats).toBeGreaterThan(row!.devices * 2);
    } finally {
      await database.close();
    }
  }, 420_000);
});
