import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendFiles } from './dimse';
import { writeFleetObjects } from './objects';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** The sender against a real DICOM receiver: dcmtk's storescp writing what it gets to a folder. */
describe('sending simulated objects over DIMSE', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'kestrel-send-'));
  const received = path.join(root, 'received');
  let scp: ChildProcess;
  let port: number;
  const { objects } = writeFleetObjects({
    seed: 'send-test',
    devices: 4,
    days: 2,
    now: new Date('2026-03-04T18:00:00Z'),
    dir: path.join(root, 'out'),
    limit: 130, // the first rejection note is object 125
  });

  beforeAll(async () => {
    port = await freePort();
    execFileSync('mkdir', ['-p', received]);
    // --fork: one process per association, so parallel associations are served at once.
    scp = spawn('storescp', ['--fork', '-aet', 'KESTREL', '-od', received, '+xa', String(port)], {
      stdio: 'ignore',
    });
    await new Promise((r) => setTimeout(r, 500));
  });
  afterAll(() => {
    scp?.kill();
    rmSync(root, { recursive: true, force: true });
  });

  it('writes images, dose reports and rejection notes, and a receiver stores every one', async () => {
    expect(new Set(objects.map((o) => o.kind))).toEqual(new Set(['image', 'doseReport', 'rejection']));
    const target = { host: '127.0.0.1', port, calledAe: 'KESTREL', callingAe: 'KESTREL_SIM' };
    const r = await sendFiles(
      target,
      objects.map((o) => o.file),
      2,
    );
    expect(r.failed).toEqual([]);
    expect(r.ok).toBe(objects.length);
    const files = readdirSync(received);
    expect(files).toHaveLength(objects.length);
    const rdsr = files.find((f) => f.startsWith('SRx') || f.startsWith('SR'));
    expect(rdsr).toBeDefined();
  });

  it('reports every object as failed, with the reason, when nobody listens', async () => {
    const closed = await freePort();
    const r = await sendFiles(
      { host: '127.0.0.1', port: closed, calledAe: 'KESTREL', callingAe: 'KESTREL_SIM' },
      objects.slice(0, 3).map((o) => o.file),
      1,
    );
    expect(r.ok).toBe(0);
    expect(r.failed).toHaveLength(3);
    expect(r.failed[0]!.reason).toMatch(/ECONNREFUSED|connect/);
  });
});
