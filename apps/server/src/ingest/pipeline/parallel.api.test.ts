import { type DicomRecord, fleetHistory, generateFleet, toPart10 } from '@kestrel/fleet-sim';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFleetRegistry } from '../../demo/load-fleet';
import type { Database } from '../../platform/db';
import { rowsOf } from '../../platform/db/rows';
import { freshDatabase } from '../../test/database';
import { contents, expectSame } from '../../test/ingest-contents';
import { createIngestPipeline, type IngestResult } from './index';

/*
 * Commits in parallel (docs/ingest.md): many devices sending at once through the lanes of
 * `Database.ingestDbs` — four connections side by side on PostgreSQL, the one connection of
 * PGlite — must leave exactly the rows of a serial ingest, one object after the other: nothing
 * lost, nothing stored twice, every outcome the same, and each device's objects committed in the
 * order it sent them.
 */

const NOW = new Date('2026-06-30T18:00:00Z');
const fleet = generateFleet({ seed: 'parallel-lanes', devices: 10, days: 2 });
// Two devices the registry does not know: their first objects register them (pending) in a lane.
const registry = { ...fleet, devices: fleet.devices.slice(2) };

interface Sent {
  serial: string;
  uid: string;
  modality: string;
  bytes: Uint8Array;
}

/**
 * The fleet's objects in the order the devices made them, with shared rows to fight over: the
 * sites' technologists (devices of a site share operators), studies, unknown serials, tube wear,
 * months' partitions — and rejection notes sent by another device than the one whose image they
 * name (a workstation rejecting for the modality), which then commit in another lane than it.
 */
function objects(): Sent[] {
  return records().map(sentOf);
}

function records(): DicomRecord[] {
  const serials = fleet.devices.map((d) => d.serial);
  const out: DicomRecord[] = [];
  let notes = 0;
  for (const day of fleetHistory(fleet, { now: NOW, days: 2, doseReports: true }))
    for (const record of day.records) {
      let r: DicomRecord = record;
      if (r.Modality === 'KO' && notes++ % 2 === 0) {
        const own = serials.indexOf(String(r.DeviceSerialNumber));
        r = { ...r, DeviceSerialNumber: serials[(own + 1) % serials.length]! };
      }
      out.push(r);
    }
  return out;
}

const upload = (o: Sent) => ({ bytes: o.bytes, source: { door: 'upload' as const, fileName: o.uid } });
function byDevice(sent: Sent[]): Map<string, Sent[]> {
  const out = new Map<string, Sent[]>();
  for (const o of sent) out.set(o.serial, [...(out.get(o.serial) ?? []), o]);
  return out;
}

describe('ingest lanes: many devices committing side by side', () => {
  const sent = objects();
  let serial: Database;
  let parallel: Database;
  let serialOutcomes: Map<string, string>;

  beforeAll(async () => {
    [serial, parallel] = await Promise.all([freshDatabase(), freshDatabase()]);
    await loadFleetRegistry(serial.db, registry, NOW);
    await loadFleetRegistry(parallel.db, registry, NOW);
    // The reference: one lane, one object at a time, in the order the fleet made them.
    const one = createIngestPipeline(serial.db, { now: () => NOW });
    serialOutcomes = new Map();
    for (const o of sent) serialOutcomes.set(o.uid, (await one.ingest(upload(o))).outcome);
    await one.close();
  }, 180_000);
  afterAll(async () => {
    await serial?.close();
    await parallel?.close();
  });

  it('stores exactly what a serial ingest stores when every device sends at once, one object at a time', {
    timeout: 180_000,
  }, async () => {
    const lanes = parallel.ingestDbs;
    expect(lanes.length).toBe(parallel.kind === 'postgres' ? 4 : 1);
    const commits: { lane: number; start: number; end: number }[] = [];
    const pipeline = createIngestPipeline(lanes, {
      now: () => NOW,
      onBatch: (_n, ms, _path, lane) => {
        const end = performance.now();
        commits.push({ lane, start: end - ms, end });
      },
    });
    // One sender per device, as DIMSE associations: each waits for its answer before the next.
    const results = new Map<string, IngestResult>();
    await Promise.all(
      [...byDevice(sent).values()].map(async (mine) => {
        const close = pipeline.openSender();
        for (const o of mine) results.set(o.uid, await pipeline.ingest(upload(o)));
        close();
      }),
    );
    await pipeline.close();

    expect(sent.length).toBeGreaterThan(300);
    expect(byDevice(sent).size).toBe(10);
    expect(results.size).toBe(sent.length);
    expect([...results.values()].filter((r) => r.retryable)).toEqual([]);
    expect(new Map([...results].map(([uid, r]) => [uid, r.outcome]))).toEqual(serialOutcomes);
    const [x, y] = await Promise.all([contents(parallel.db), contents(serial.db)]);
    expect(x.log.length).toBe(sent.length); // every object logged once
    expect(x.facts.length).toBeGreaterThan(300);
    expect(x.pending.length).toBe(0); // every note found its image, whichever lane came first
    const unregistered = fleet.devices.slice(0, 2).map((d) => d.serial);
    expect(
      x.devices.filter((d) => unregistered.includes(String(d.serial))).map((d) => d.onboarding_state),
    ).toEqual(['pending', 'pending']);
    expectSame(x, y);
    if (parallel.kind === 'postgres') {
      // The lanes did commit at the same time, on all four connections.
      expect(new Set(commits.map((c) => c.lane)).size).toBe(4);
      const overlapping = commits.some((a) =>
        commits.some((b) => a.lane !== b.lane && a.start < b.end && b.start < a.end),
      );
      expect(overlapping).toBe(true);
    }
  });

  it("commits each device's objects in the order it sent them, also when all are sent at once", {
    timeout: 180_000,
  }, async () => {
    const fresh = await freshDatabase();
    try {
      await loadFleetRegistry(fresh.db, registry, NOW);
      // Images only: a batch's images commit before its notes and dose reports (fast path).
      const images = sent.filter((o) => o.modality === 'MG');
      const pipeline = createIngestPipeline(fresh.ingestDbs, { now: () => NOW });
      const results = await Promise.all(images.map((o) => pipeline.ingest(upload(o))));
      await pipeline.close();
      expect(results.filter((r) => r.retryable)).toEqual([]);
      const logged = rowsOf<{ uid: string; serial: string }>(
        await fresh.db.execute(sql`select l.sop_instance_uid as uid, d.serial
          from ingest_log l join devices d on d.id = l.device_id order by l.id`),
      );
      expect(logged.length).toBe(images.length);
      for (const [device, mine] of byDevice(images))
        expect(
          logged.filter((l) => l.serial === device).map((l) => l.uid),
          device,
        ).toEqual(mine.map((o) => o.uid));
      // The first copy sent of an exposure is the one stored, as in the serial ingest.
      const stored = new Set(
        rowsOf<{ uid: string }>(
          await fresh.db.execute(sql`select sop_instance_uid as uid from image_facts`),
        ).map((r) => r.uid),
      );
      for (const o of images) expect(stored.has(o.uid), o.uid).toBe(serialOutcomes.get(o.uid) === 'stored');
    } finally {
      await fresh.close();
    }
  });
});

describe('ingest lanes: a rejection note and the image it names, committing at the same time', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
    await loadFleetRegistry(database.db, fleet, NOW);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('rejects the image whichever lane commits first (never a rejection left waiting)', {
    timeout: 180_000,
  }, async () => {
    const all = records();
    const template = all.find((r) => r.Modality === 'KO')!;
    const templateRef = referencedUid(template);
    const [a, b] = fleet.devices.slice(2, 4).map((d) => d.serial);
    const images = all.filter((r) => r.Modality === 'MG' && r.DeviceSerialNumber === a).slice(0, 40);
    const pipeline = createIngestPipeline(database.ingestDbs, { now: () => NOW });
    // Device a known to the fast path first, as in a running fleet.
    await pipeline.ingest(upload(sentOf(images[0]!)));
    for (const [i, image] of images.slice(1).entries()) {
      // A note from device b naming device a's image, sent together with it (the note a few
      // milliseconds ahead or behind, so the two transactions overlap in every way).
      const note: DicomRecord = JSON.parse(
        JSON.stringify(template).replaceAll(templateRef, String(image.SOPInstanceUID)),
      );
      note.SOPInstanceUID = `${image.SOPInstanceUID}.99`;
      note.DeviceSerialNumber = b!;
      const delay = (i % 5) - 2;
      const later = (ms: number, o: DicomRecord) =>
        new Promise((r) => setTimeout(r, Math.max(0, ms))).then(() => pipeline.ingest(upload(sentOf(o))));
      const [r1, r2] = await Promise.all([later(delay, image), later(-delay, note)]);
      expect([r1.outcome, r2.outcome]).toEqual(['stored', 'stored']);
    }
    await pipeline.close();
    const rows = rowsOf<{ rejected: number; waiting: number }>(
      await database.db.execute(sql`select
        (select count(*)::int from image_facts where rejected) as rejected,
        (select count(*)::int from pending_rejections) as waiting`),
    );
    expect(rows[0]).toEqual({ rejected: images.length - 1, waiting: 0 });
  });
});

function referencedUid(note: DicomRecord): string {
  const match = JSON.stringify(note).match(/"ReferencedSOPInstanceUID":"([^"]+)"/);
  return match![1]!;
}

function sentOf(r: DicomRecord): Sent {
  return {
    serial: String(r.DeviceSerialNumber),
    uid: String(r.SOPInstanceUID),
    modality: String(r.Modality),
    bytes: toPart10(r),
  };
}
