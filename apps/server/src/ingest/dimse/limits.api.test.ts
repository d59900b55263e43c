import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestLog, siteDicomSenders } from '../../platform/db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { asObject, offsetOf } from '../../test/dicom-edit';
import { dcmtk, fixture, GE_PRESENTATION, tempDir } from '../../test/dicom-files';
import { associateRq, RawPeer } from '../../test/dicom-raw-peer';
import { makeCustomer, makeSite } from '../../test/factories';
import type { Limits } from './association';
import { type DicomListener, startDicomListener } from './listener';

const MB = 1024 * 1024;

/** The GE image as object n with `bytes` of Pixel Data (Rows × 4096 columns of 16 bits). */
function largeImage(n: number, bytes: number): Buffer {
  const file = asObject(fixture(GE_PRESENTATION), n);
  const pixels = offsetOf(file, '7fe0,0010', true); // the image's, not its icon's
  const head = Buffer.from(file.subarray(0, pixels + 12));
  head.writeUInt32LE(bytes, pixels + 8);
  head.writeUInt16LE(bytes / 2 / 4096, offsetOf(head, '0028,0010') + 8);
  head.writeUInt16LE(4096, offsetOf(head, '0028,0011') + 8);
  return Buffer.concat([head, Buffer.alloc(bytes, 0x5a)]);
}

/**
 * Buffer memory (ArrayBuffer backing stores) once the collector has let go of what it can;
 * vitest does not start Node with --expose-gc. Collected a few times, a turn apart, so that
 * buffers freed by finalisers and closed sockets are gone too.
 */
async function bufferMemory(): Promise<number> {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  for (let i = 0; i < 4; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 20));
  }
  return process.memoryUsage().arrayBuffers;
}

describe('DIMSE listener limits across associations', () => {
  let t: TestApp;
  const dir = tempDir('dimse-limits');
  const warnings: string[] = [];
  const listeners: DicomListener[] = [];
  const listen = async (limits: Partial<Limits>) => {
    const l = await startDicomListener({
      port: 0,
      aeTitle: 'KESTREL',
      db: t.app.db,
      pipeline: t.app.ingest,
      log: { warn: (m) => warnings.push(m) },
      limits,
    });
    listeners.push(l);
    return l;
  };
  const store = (l: DicomListener, aet: string, ...files: string[]) =>
    dcmtk('storescu', ['-aet', aet, '-aec', 'KESTREL', '127.0.0.1', String(l.port), ...files]);
  const lastLog = async () =>
    (await t.app.db.select().from(ingestLog).orderBy(desc(ingestLog.id)).limit(1))[0]!;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    for (const l of listeners) await l.close();
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses associations beyond DICOM_MAX_ASSOCIATIONS with A-ASSOCIATE-RJ (transient), logged', async () => {
    const l = await listen({ maxAssociations: 2 });
    const [a, b] = [await RawPeer.open(l.port), await RawPeer.open(l.port)];
    await a.associate();
    await b.associate();
    // Rejected-transient, by the service provider (presentation), local limit exceeded.
    const third = await RawPeer.open(l.port);
    third.send(associateRq({ contexts: [] }));
    const answer = await third.next();
    expect(answer?.type).toBe(0x03);
    expect([...answer!.body]).toEqual([0, 2, 3, 2]);
    third.destroy();
    expect(
      warnings.some((w) => /2 associations open \(DICOM_MAX_ASSOCIATIONS\); association refused/.test(w)),
    ).toBe(true);
    const busy = await dcmtk('echoscu', ['-aec', 'KESTREL', '127.0.0.1', String(l.port)]);
    expect(busy.output).toMatch(/Association Rejected/i);
    expect(busy.output).toMatch(/Transient/i);
    expect(l.stats().refusedBusy).toBeGreaterThanOrEqual(2);
    // One goes, another may come.
    a.destroy();
    await a.closed;
    await new Promise((r) => setTimeout(r, 50));
    const ok = await dcmtk('echoscu', ['-aec', 'KESTREL', '127.0.0.1', String(l.port)]);
    expect(ok.code, ok.output).toBe(0);
    b.destroy();
  });

  it('reads no more than DICOM_UNLISTED_MAX_OBJECT_BYTES from a sender no allow-list entry admitted', async () => {
    const l = await listen({ unlistedMaxObjectBytes: 8192, maxObjectBytes: MB });
    const file = path.join(dir, 'small.dcm');
    writeFileSync(file, asObject(fixture(GE_PRESENTATION), 9001));
    const unlisted = await store(l, 'ANYONE', file);
    expect(unlisted.output).not.toMatch(/Success/);
    expect((await lastLog()).reason).toMatch(
      /exceeds the DIMSE limit of 8192 bytes for senders not admitted by an allow-list entry \(DICOM_UNLISTED_MAX_OBJECT_BYTES\); not read$/,
    );
    const customer = await makeCustomer(t.app.db);
    const site = await makeSite(t.app.db, customer.id);
    await t.app.db
      .insert(siteDicomSenders)
      .values({ siteId: site.id, customerId: customer.id, aeTitle: 'LISTED' });
    try {
      // Allow-listed: the limit of every door (UPLOAD_MAX_BYTES, here 1 MB).
      const listed = await store(l, 'LISTED', file);
      expect(listed.code, listed.output).toBe(0);
      expect(await lastLog()).toMatchObject({ outcome: 'stored', callingAe: 'LISTED' });
    } finally {
      await t.app.db.delete(siteDicomSenders);
    }
  });

  it('holds senders back at DICOM_MAX_BUFFERED_BYTES and lets go of every byte after a burst of large objects', async () => {
    const objectBytes = 24 * MB;
    const l = await listen({
      maxBufferedBytes: 16 * MB,
      maxObjectBytes: 64 * MB,
      unlistedMaxObjectBytes: 64 * MB,
    });
    const files = [1, 2, 3].map((i) => {
      const file = path.join(dir, `large-${i}.dcm`);
      writeFileSync(file, largeImage(9100 + i, objectBytes));
      return file;
    });
    expect((await store(l, 'WARMUP', files[0]!)).code).toBe(0);
    const before = await bufferMemory();

    // Three associations, each sending its object twice (the second time a duplicate): 144 MB.
    const results = await Promise.all(files.map((f) => store(l, 'BURST', f, f)));
    for (const r of results) expect(r.code, r.output).toBe(0);
    const stats = l.stats();
    expect(stats.heldBack).toBeGreaterThan(0);
    // The cap, the one object let past it to finish, and a PDU per association in the works.
    expect(stats.peakBufferedBytes).toBeLessThanOrEqual(16 * MB + objectBytes + 3 * MB);
    expect(stats.bufferedBytes).toBe(0);
    const after = await bufferMemory();
    expect(after - before).toBeLessThan(16 * MB);
  });

  it("keeps only each object's header (DICOM_MAX_HEADER_BYTES): large objects cost their header, not their pixels", async () => {
    const objectBytes = 24 * MB;
    const l = await listen({
      maxKeptBytes: MB,
      maxBufferedBytes: 256 * MB,
      maxObjectBytes: 64 * MB,
      unlistedMaxObjectBytes: 64 * MB,
    });
    const files = [1, 2, 3].map((i) => {
      const file = path.join(dir, `pixels-${i}.dcm`);
      writeFileSync(file, largeImage(9200 + i, objectBytes));
      return file;
    });
    const results = await Promise.all(files.map((f) => store(l, 'HEADERS', f)));
    for (const r of results) expect(r.code, r.output).toBe(0);
    // Three 24 MB objects at once, never more than a megabyte of each in memory.
    expect(l.stats().peakBufferedBytes).toBeLessThanOrEqual(3 * MB);
    const rows = await t.app.db.select().from(ingestLog).orderBy(desc(ingestLog.id)).limit(3);
    for (const row of rows) {
      expect(row.outcome).toBe('stored');
      // The log has the size the sender sent, not the part kept.
      expect(row.sizeBytes).toBeGreaterThan(objectBytes);
    }
  });

  it('logs an object whose header is longer than DICOM_MAX_HEADER_BYTES as failed, saying so', async () => {
    const l = await listen({ maxKeptBytes: 64 * 1024 });
    const file = path.join(dir, 'long-header.dcm');
    // The GE image's header is ~23 KB: keep only 4 KB of it.
    writeFileSync(file, largeImage(9300, MB));
    const small = await listen({ maxKeptBytes: 4096 });
    const r = await store(small, 'HEADERS', file);
    expect(r.output).not.toMatch(/Success/);
    expect((await lastLog()).reason).toMatch(
      /header \(everything before Pixel Data\) is longer than the 4096 bytes kept.*DICOM_MAX_HEADER_BYTES/,
    );
    expect((await store(l, 'HEADERS', file)).code).toBe(0);
  });
});
