import { fleetHistory, generateFleet, toPart10 } from '@kestrel/fleet-sim';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFleetRegistry } from '../../../demo/load-fleet';
import type { Database } from '../../../platform/db';
import { devices, imageFacts, ingestLog } from '../../../platform/db/schema';
import { freshDatabase } from '../../../test/database';
import { asObject, setValue, uidOf } from '../../../test/dicom-edit';
import { fixture, GE_PRESENTATION } from '../../../test/dicom-files';
import { makeCustomer, makeSite } from '../../../test/factories';
import { contents, expectSame } from '../../../test/ingest-contents';
import { commitBatch } from '../commit';
import { createIngestPipeline, type SenderConstraint } from '../index';
import { prepare } from '../prepare';
import { FastPath } from '.';

const NOW = new Date('2026-06-30T18:00:00Z');
const upload = (bytes: Uint8Array) => ({ bytes, source: { door: 'upload' as const, fileName: 'x.dcm' } });

/**
 * Send a simulated fleet through both paths, four objects at a time as four associations would
 * (batches of up to four), each object with the sender constraint `constraintOf` gives it in
 * that database; every outcome must agree. Returns the fast pipeline's batches by path.
 */
async function sendBoth(
  fast: Database,
  full: Database,
  fleet: ReturnType<typeof generateFleet>,
  days: number,
  constraintOf?: (db: Database['db']) => Promise<(serial: string, i: number) => SenderConstraint | undefined>,
) {
  await loadFleetRegistry(fast.db, fleet, NOW);
  await loadFleetRegistry(full.db, fleet, NOW);
  const objects: { bytes: Uint8Array; serial: string }[] = [];
  for (const day of fleetHistory(fleet, { now: NOW, days, doseReports: true }))
    for (const record of day.records)
      objects.push({ bytes: toPart10(record), serial: String(record.DeviceSerialNumber) });
  const paths = { fast: 0, full: 0, refused: 0, objects: objects.length };
  const clock = () => NOW;
  const fastPipeline = createIngestPipeline(fast.db, { now: clock, onBatch: (_n, _ms, p) => paths[p]++ });
  const fullPipeline = createIngestPipeline(full.db, { now: clock, fastPath: false });
  const send = async (pipeline: typeof fastPipeline, db: Database['db']) => {
    const of = await constraintOf?.(db);
    return (o: (typeof objects)[number], i: number) =>
      pipeline.ingest({
        bytes: o.bytes,
        source: { ...upload(o.bytes).source, constraint: of?.(o.serial, i) },
      });
  };
  const [toFast, toFull] = [await send(fastPipeline, fast.db), await send(fullPipeline, full.db)];
  for (let i = 0; i < objects.length; i += 4) {
    const group = objects.slice(i, i + 4);
    const [a, b] = await Promise.all([
      Promise.all(group.map((o, j) => toFast(o, i + j))),
      Promise.all(group.map((o, j) => toFull(o, i + j))),
    ]);
    expect(a.map((r) => [r.outcome, r.refused])).toEqual(b.map((r) => [r.outcome, r.refused]));
    paths.refused += a.filter((r) => r.refused).length;
  }
  await Promise.all([fastPipeline.close(), fullPipeline.close()]);
  return paths;
}

describe('ingest fast path', () => {
  let fast: Database;
  let full: Database;
  beforeAll(async () => {
    [fast, full] = await Promise.all([freshDatabase(), freshDatabase()]);
  });
  afterAll(async () => {
    await fast?.close();
    await full?.close();
  });

  it('writes exactly what the full path writes, for a fleet sent four objects at a time', {
    timeout: 120_000,
  }, async () => {
    const fleet = generateFleet({ seed: 'fast-path', devices: 8, days: 3 });
    const paths = await sendBoth(fast, full, fleet, 3);
    // The fleet has images, rejection notes and dose reports; most batches are plain images.
    expect(paths.objects).toBeGreaterThan(300);
    expect(paths.fast).toBeGreaterThan(paths.full);
    const [x, y] = await Promise.all([contents(fast.db), contents(full.db)]);
    expect(x.facts.length).toBeGreaterThan(300);
    expect(x.technologistDay.length).toBeGreaterThan(0);
    expectSame(x, y);
  });
});

describe('ingest fast path: senders writing only as themselves', () => {
  let fast: Database;
  let full: Database;
  beforeAll(async () => {
    [fast, full] = await Promise.all([freshDatabase(), freshDatabase()]);
  });
  afterAll(async () => {
    await fast?.close();
    await full?.close();
  });

  it('refuses and admits exactly what the full path does, and writes the same', {
    timeout: 120_000,
  }, async () => {
    const fleet = generateFleet({ seed: 'fast-path-senders', devices: 3, days: 1 });
    // Device keys and allow-list entries, of the object's own device or site or of another.
    const constraintOf = async (db: Database['db']) => {
      const rows = await db
        .select({ id: devices.id, serial: devices.serial, siteId: devices.siteId })
        .from(devices);
      const of = new Map(rows.map((r) => [r.serial, r]));
      const other = (serial: string) =>
        rows.find((r) => r.siteId !== null && r.siteId !== of.get(serial)?.siteId)!;
      return (serial: string, i: number): SenderConstraint | undefined => {
        const own = of.get(serial);
        if (!own) return undefined;
        if (i % 11 === 4) return { asDevice: other(serial).id };
        if (i % 13 === 6) return { siteIds: [other(serial).siteId!] };
        if (i % 3 === 1) return { asDevice: own.id };
        if (i % 3 === 2 && own.siteId !== null) return { siteIds: [own.siteId] };
        return undefined;
      };
    };
    const paths = await sendBoth(fast, full, fleet, 1, constraintOf);
    expect(paths.refused).toBeGreaterThan(5);
    expect(paths.fast).toBeGreaterThan(0);
    expectSame(await contents(fast.db), await contents(full.db));
  });
});

describe('ingest fast path: the database checks the plan', () => {
  let database: Database;
  let path: FastPath;
  let n = 1000;
  const image = (over: { n?: number } = {}) =>
    prepare(upload(asObject(fixture(GE_PRESENTATION), over.n ?? n++)), NOW);
  const count = async (table: typeof imageFacts | typeof ingestLog) => database.db.$count(table);
  const factOf = async (p: { sopInstanceUid: string | null }) =>
    (await database.db.select().from(imageFacts).where(eq(imageFacts.sopInstanceUid, p.sopInstanceUid!)))[0];

  beforeAll(async () => {
    database = await freshDatabase();
    path = new FastPath(database.db);
    // The first object of an unknown device takes the full path, which registers the device.
    const first = await commitBatch(database.db, [image()], NOW, path.known);
    expect(first[0]!.outcome).toBe('stored');
  });
  afterAll(async () => {
    await database?.close();
  });

  it('registers a device new to it in a short transaction of its own, then commits in one call', async () => {
    const fresh = new FastPath(database.db);
    const bytes = asObject(fixture(GE_PRESENTATION), 5000);
    setValue(bytes, '0018,1000', '99999'); // another serial: a device never seen
    setValue(bytes, '0020,000D', uidOf(5000, 40), '\0'); // and a study of its own
    const results = await fresh.tryFast([prepare(upload(bytes), NOW)], NOW);
    expect(results?.[0]).toMatchObject({ outcome: 'stored' });
    expect(fresh.stats).toMatchObject({ fast: 1, notPlanned: 0 });
    const [device] = await database.db.select().from(devices).where(eq(devices.serial, '99999'));
    expect(device).toMatchObject({ onboardingState: 'pending', siteId: null });
    expect(results?.[0]?.deviceId).toBe(device!.id);
  });

  it('leaves a batch to the full path when registering its device fails (the database away)', async () => {
    const failing = new Proxy(database.db, {
      get: (db, key) =>
        key === 'transaction'
          ? () => Promise.reject(new Error('connection terminated'))
          : Reflect.get(db, key),
    });
    const fresh = new FastPath(failing);
    const bytes = asObject(fixture(GE_PRESENTATION), 6000);
    setValue(bytes, '0018,1000', '77777');
    const items = [prepare(upload(bytes), NOW)];
    let handedOver: unknown[] = [];
    const { results, fast } = await fresh.commit(items, NOW, async (rest) => {
      handedOver = rest;
      return rest.map(() => ({ outcome: 'failed', retryable: true }) as never);
    });
    expect(fast).toBe(0);
    expect(handedOver).toEqual(items);
    expect(results[0]).toMatchObject({ retryable: true });
  });

  it('commits images of a known device in one call, as stored', async () => {
    const before = await count(imageFacts);
    const results = await path.tryFast([image(), image()], NOW);
    expect(results?.map((r) => r.outcome)).toEqual(['stored', 'stored']);
    expect(path.stats.fast).toBe(1);
    expect(await count(imageFacts)).toBe(before + 2);
  });

  it('is refused and writes nothing when the image is stored already (a re-send)', async () => {
    const again = image({ n: 1001 });
    const [facts, log] = [await count(imageFacts), await count(ingestLog)];
    expect(await path.tryFast([image(), again], NOW)).toBeNull();
    expect(path.stats.missed).toBe(1);
    expect([await count(imageFacts), await count(ingestLog)]).toEqual([facts, log]);
    const results = await commitBatch(database.db, [again], NOW, path.known);
    expect(results[0]!.outcome).toBe('duplicate');
  });

  it('is refused when the device was assigned since; the full path stores the image at its site', async () => {
    const customer = await makeCustomer(database.db);
    const site = await makeSite(database.db, customer.id, { timeZone: 'Europe/Berlin' });
    await database.db
      .update(devices)
      .set({ siteId: site.id, customerId: customer.id })
      .where(eq(devices.serial, '87654'));
    const next = image();
    expect(await path.tryFast([next], NOW)).toBeNull();
    await commitBatch(database.db, [next], NOW, path.known);
    expect(await factOf(next)).toMatchObject({ siteId: site.id, customerId: customer.id });
    // Learnt again: the next image is fast, at the new site.
    const after = image();
    const results = await path.tryFast([after], NOW);
    expect(results?.[0]).toMatchObject({ outcome: 'stored' });
    const fact = await factOf(after);
    expect(fact).toMatchObject({ siteId: site.id, customerId: customer.id });
  });

  it('is refused when a rejection note waits for the image; the full path stores it rejected', async () => {
    const next = image();
    await database.db.execute(sql`insert into pending_rejections
      (sop_instance_uid, reason_code, reason, rejection_sop_instance_uid)
      values (${next.sopInstanceUid}, '111209', 'Positioning', '2.25.99')`);
    expect(await path.tryFast([next], NOW)).toBeNull();
    await commitBatch(database.db, [next], NOW, path.known);
    expect(await factOf(next)).toMatchObject({ rejected: true, rejectReasonCode: '111209' });
  });

  it('is refused when a dose report event may be the same exposure (they merge on the full path)', async () => {
    const [device] = await database.db.select().from(devices).where(eq(devices.serial, '87654'));
    const plan = await path.tryFast([image()], NOW); // learn the device again after the last test
    expect(plan).not.toBeNull();
    await database.db.execute(sql`insert into image_facts
      (sop_instance_uid, exposure_key, source, acquired_at, local_date, local_hour, device_id, site_id,
       customer_id, image_kind, ingested_at)
      select 'rdsr-event-1', 'rdsr|rdsr-event-1', 'rdsr', f.acquired_at, f.local_date, f.local_hour,
       f.device_id, f.site_id, f.customer_id, '2D', now()
      from image_facts f where f.device_id = ${device!.id} order by f.id desc limit 1`);
    const near = image({ n: n - 2 + 86400 }); // same time of day as the last image: within seconds
    expect(await path.tryFast([near], NOW)).toBeNull();
    await database.db.delete(imageFacts).where(eq(imageFacts.sopInstanceUid, 'rdsr-event-1'));
  });

  it('is refused when a study it thinks new exists (after a restart), and learns it', async () => {
    await commitBatch(database.db, [image()], NOW, path.known); // knows the device again
    path.known.studies.clear(); // as after a restart, or an eviction
    const missed = path.stats.missed;
    const next = image();
    expect(await path.tryFast([next], NOW)).toBeNull();
    expect(path.stats.missed).toBe(missed + 1);
    await commitBatch(database.db, [next], NOW, path.known);
    expect(path.known.studies.size).toBe(1);
    expect(await path.tryFast([image()], NOW)).not.toBeNull();
  });
});
