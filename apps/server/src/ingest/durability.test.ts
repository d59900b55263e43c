import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../platform/db';
import { rowsOf } from '../platform/db/rows';
import { GE_PRESENTATION, tempDir } from '../test/dicom-files';

/**
 * kill -9 the real server (embedded PGlite) while storescu sends 2,000 objects, restart it and
 * send them all again: every object acknowledged before the kill is stored exactly once, and
 * counted once by the rollups.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const COUNT = 2000;
const KILL_AFTER = 300;

interface DcmjsData {
  DicomMessage: {
    readFile(b: ArrayBuffer): {
      dict: Record<string, { Value: unknown[] }>;
      meta: Record<string, { Value: unknown[] }>;
      write(): ArrayBuffer;
    };
  };
}
const { data } = createRequire(import.meta.url)('dcmjs') as { data: DcmjsData };

/**
 * 2,000 distinct objects and exposures. dcmjs rewrites the GE image once with a placeholder
 * SOP Instance UID and acquisition time of fixed length (a full dcmjs write of this file takes
 * ~60 ms, too slow 2,000 times); each copy then gets its own digits in those places.
 */
const UID_MARK = '2.25.999999999999999999990000000000';
const TIME_MARK = '235959.999999';
function generate(dir: string): Map<string, string> {
  const source = readFileSync(GE_PRESENTATION);
  const message = data.DicomMessage.readFile(
    source.buffer.slice(source.byteOffset, source.byteOffset + source.length),
  );
  message.dict['00080018']!.Value = [UID_MARK];
  message.meta['00020003']!.Value = [UID_MARK];
  message.dict['00080032']!.Value = [TIME_MARK];
  const template = Buffer.from(message.write());
  const places = (mark: string) => {
    const at: number[] = [];
    for (let i = template.indexOf(mark); i >= 0; i = template.indexOf(mark, i + 1)) at.push(i);
    return at;
  };
  const uidAt = places(UID_MARK);
  const timeAt = places(TIME_MARK);
  if (uidAt.length !== 2 || timeAt.length !== 1) throw new Error('placeholders not found once each');
  const uidOfFile = new Map<string, string>();
  for (let i = 0; i < COUNT; i++) {
    const bytes = Buffer.from(template);
    const uid = `${UID_MARK.slice(0, -10)}${String(i).padStart(10, '0')}`;
    for (const at of uidAt) bytes.write(uid, at, 'latin1');
    const s = i % 86400;
    const hhmmss = [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60].map((v) =>
      String(v).padStart(2, '0'),
    );
    for (const at of timeAt) bytes.write(`${hhmmss.join('')}.000000`, at, 'latin1');
    const file = path.join(dir, `obj${String(i).padStart(5, '0')}.dcm`);
    writeFileSync(file, bytes);
    uidOfFile.set(file, uid);
  }
  return uidOfFile;
}

const ASSOCIATIONS = 8;
const slices = (files: string[]) =>
  Array.from({ length: ASSOCIATIONS }, (_, k) => files.filter((_, i) => i % ASSOCIATIONS === k));

function startServer(dataDir: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      DICOM_PORT: '0',
      DEMO_FLEET: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /DICOM listener: AE title KESTREL on port (\d+)/.exec(output);
      if (m) resolve({ child, port: Number(m[1]) });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
  });
}

/** storescu over the files; `onAck` sees each acknowledged file as it happens. */
function storescu(port: number, files: string[], onAck?: (n: number) => void): Promise<Set<string>> {
  const child = spawn('storescu', ['-v', '-aec', 'KESTREL', '127.0.0.1', String(port), ...files], {
    env: { ...process.env, TCP_NODELAY: '1' },
  });
  const acked = new Set<string>();
  let current: string | null = null;
  let buffer = '';
  const onData = (chunk: Buffer) => {
    buffer += chunk.toString();
    const lines = buffer.split('\n');
    buffer = lines.pop()!;
    for (const line of lines) {
      const sending = /^I: Sending file: (.+)$/.exec(line);
      if (sending) current = sending[1]!;
      else if (current && /Received Store Response \(Success\)/.test(line)) {
        acked.add(current);
        onAck?.(acked.size);
      }
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  return new Promise((resolve) => child.once('close', () => resolve(acked)));
}

describe('durability', () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  });

  it('keeps every acknowledged object exactly once across a kill -9 and a resend', {
    timeout: 240_000,
  }, async () => {
    const dir = tempDir('durability');
    const dataDir = path.join(dir, 'data');
    const uidOfFile = generate(dir);
    const files = [...uidOfFile.keys()];

    const first = await startServer(dataDir);
    children.push(first.child);
    // Eight associations at once, as a busy router would: the group commit batches them.
    let total = 0;
    const firstRun = await Promise.all(
      slices(files).map((slice) =>
        storescu(first.port, slice, () => {
          if (++total === KILL_AFTER) first.child.kill('SIGKILL');
        }),
      ),
    );
    const acked = new Set(firstRun.flatMap((s) => [...s]));
    expect(acked.size).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(acked.size).toBeLessThan(COUNT);

    const second = await startServer(dataDir);
    children.push(second.child);
    const resent = await Promise.all(slices(files).map((slice) => storescu(second.port, slice)));
    expect(resent.reduce((n, s) => n + s.size, 0)).toBe(COUNT);
    second.child.kill('SIGTERM');
    await new Promise((resolve) => second.child.once('exit', resolve));

    const database = await openPglite(dataDir);
    try {
      const counts = rowsOf<{ uid: string; n: number }>(
        await database.db.execute(
          'select sop_instance_uid as uid, count(*)::int as n from image_facts group by 1',
        ),
      );
      const byUid = new Map(counts.map((c) => [c.uid, c.n]));
      for (const file of acked) expect(byUid.get(uidOfFile.get(file)!), file).toBe(1);
      expect(counts.every((c) => c.n === 1)).toBe(true);
      expect(counts.length).toBe(COUNT);
      // The rollups, folded while objects arrived and at shutdown (a fold cut by the kill rolled
      // back whole), count each stored object once.
      const [rollups] = rowsOf<{ images: number; queued: number }>(
        await database.db.execute(`select (select coalesce(sum(images), 0) from rollup_device_day)::int as images,
          (select count(*) from unfolded_facts)::int as queued`),
      );
      expect(rollups).toEqual({ images: COUNT, queued: 0 });
    } finally {
      await database.close();
    }
  });
});
