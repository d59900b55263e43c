import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './lock';

const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-lock-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('lockDataDir', () => {
  it('refuses a directory locked by a live process, naming it', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'kestrel.lock'), String(process.ppid)); // a live process that is not us
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(`in use by another Kestrel process (pid ${process.ppid})`);
  });

  it('takes over a lock whose owner is gone, and releases it', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'kestrel.lock'), '999999999');
    const unlock = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'kestrel.lock'), 'utf8')).toBe(String(process.pid));
    unlock();
    expect(fs.existsSync(path.join(dir, 'kestrel.lock'))).toBe(false);
  });
});

const serverMain = path.resolve(import.meta.dirname, '../../main.ts');
function startServer(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', serverMain], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      DEMO_FLEET: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const until = async (pattern: RegExp) => {
    for (let i = 0; i < 600 && !pattern.test(output); i++) await new Promise((r) => setTimeout(r, 50));
    return output;
  };
  return { child, exited, until, output: () => output };
}

describe('two servers on one embedded database', () => {
  it('the second one fails with a clear message; the first closes cleanly on SIGTERM', async () => {
    const dir = tempDir();
    const first = startServer(dir);
    expect(await first.until(/is running at/)).toMatch(/is running at http:\/\/localhost:\d+/);
    const second = startServer(dir);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`The embedded database in ${dir} is in use by another Kestrel process`);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dir, 'kestrel.lock'))).toBe(false);
    // And the database opens again afterwards.
    const third = startServer(dir);
    expect(await third.until(/is running at/)).toMatch(/is running at/);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 60_000);
});
