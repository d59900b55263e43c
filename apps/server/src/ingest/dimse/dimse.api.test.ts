import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, imageFacts, ingestLog, siteDicomSenders } from '../../platform/db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { asObject, setValue } from '../../test/dicom-edit';
import {
  dcmdumpValue,
  dcmtk,
  fixture,
  GE_PRESENTATION,
  GE_PROCESSING,
  GE_SECOND,
  tempDir,
} from '../../test/dicom-files';
import { makeCustomer, makeSite } from '../../test/factories';
import { retyped } from '../../test/malformed-corpus';
import { type DicomListener, startDicomListener } from './listener';

/** The real dcmtk clients against the real listener (port 0: any free port). */
describe('DIMSE listener with dcmtk', () => {
  let t: TestApp;
  let listener: DicomListener;
  const dir = tempDir('dimse');
  const store = (files: string[], aet = 'TESTSCU', aec = 'KESTREL') =>
    dcmtk('storescu', ['-v', '-aet', aet, '-aec', aec, '127.0.0.1', String(listener.port), ...files]);
  const echo = (aet = 'TESTSCU', aec = 'KESTREL') =>
    dcmtk('echoscu', ['-v', '-aet', aet, '-aec', aec, '127.0.0.1', String(listener.port)]);
  const write = (name: string, bytes: Buffer) => {
    const file = path.join(dir, name);
    writeFileSync(file, bytes);
    return file;
  };
  const lastLog = async () =>
    (await t.app.db.select().from(ingestLog).orderBy(desc(ingestLog.id)).limit(1))[0]!;

  beforeAll(async () => {
    t = await buildTestApp();
    listener = await startDicomListener({
      port: 0,
      aeTitle: 'KESTREL',
      db: t.app.db,
      pipeline: t.app.ingest,
      log: { warn: () => {} },
    });
  });
  afterAll(async () => {
    await listener.close(() => t.app.ingest.close());
    await t.close();
  });

  it('answers C-ECHO on the configured AE title and refuses another called AE title', async () => {
    expect(listener.port).toBeGreaterThan(0);
    const ok = await echo();
    expect(ok.output).toMatch(/Received Echo Response \(Success\)/);
    const wrong = await echo('TESTSCU', 'NOTKESTREL');
    expect(wrong.code).not.toBe(0);
    expect(wrong.output).toMatch(/Association Rejected/i);
    expect((await lastLog()).reason).toMatch(/called AE title 'NOTKESTREL'/);
  });

  it('stores the GE pair as one exposure with the values dcmdump shows, Success only after commit', async () => {
    const r = await store([GE_PRESENTATION, GE_PROCESSING, GE_SECOND]);
    expect(r.code).toBe(0);
    expect(r.output.match(/Received Store Response \(Success\)/g)).toHaveLength(3);
    const facts = await t.app.db.select().from(imageFacts).orderBy(imageFacts.acquiredAt);
    expect(facts).toHaveLength(2);
    const first = facts.find((f) => f.sopInstanceUid === dcmdumpValue(GE_PRESENTATION, '0008,0018'))!;
    const dump = (tag: string) => Number(dcmdumpValue(GE_PRESENTATION, tag));
    expect(first.kvp).toBe(dump('0018,0060'));
    expect(first.mas).toBeCloseTo(dump('0018,1153') / 1000, 5);
    expect(first.agdMgy).toBeCloseTo(dump('0040,0316') * 100, 5);
    expect(first.thicknessMm).toBe(dump('0018,11a0'));
    expect(first.forceN).toBe(dump('0018,11a2'));
    expect(first.exposureMs).toBe(dump('0018,1150'));
    expect([first.view, first.laterality, first.anode, first.filter]).toEqual(['CC', 'L', 'Mo', 'Mo']);
    const log = await t.app.db
      .select()
      .from(ingestLog)
      .where(sql`door = 'dimse' and sop_instance_uid is not null`);
    expect(log.map((l) => l.outcome).sort()).toEqual(['duplicate', 'stored', 'stored']);
    expect(log.every((l) => l.callingAe === 'TESTSCU' && l.remoteAddress === '127.0.0.1')).toBe(true);
  });

  it('accepts Implicit VR and RLE-compressed transfer syntaxes', async () => {
    const implicit = path.join(dir, 'implicit.dcm');
    const rle = path.join(dir, 'rle.dcm');
    writeFileSync(path.join(dir, 'a.dcm'), asObject(fixture(GE_PRESENTATION), 101));
    writeFileSync(path.join(dir, 'b.dcm'), asObject(fixture(GE_PRESENTATION), 102));
    await dcmtk('dcmconv', ['+ti', path.join(dir, 'a.dcm'), implicit]);
    await dcmtk('dcmcrle', [path.join(dir, 'b.dcm'), rle]);
    // -xi / -xr: propose these syntaxes first, so the listener must accept them as they are.
    const r1 = await dcmtk('storescu', [
      '-v',
      '-xi',
      '-aec',
      'KESTREL',
      '127.0.0.1',
      String(listener.port),
      implicit,
    ]);
    const r2 = await dcmtk('storescu', [
      '-v',
      '-xr',
      '-aec',
      'KESTREL',
      '127.0.0.1',
      String(listener.port),
      rle,
    ]);
    expect(r1.output).toMatch(/Implicit -> Little Endian Implicit/);
    expect(r2.output).toMatch(/RLE Lossless -> RLE Lossless/);
    expect(r1.output).toMatch(/Received Store Response \(Success\)/);
    expect(r2.output).toMatch(/Received Store Response \(Success\)/);
    expect(await t.app.db.$count(imageFacts)).toBe(4);
  });

  it('logs a CT object as unsupported (SOP class refused) and keeps serving', async () => {
    const ct = write('ct.dcm', retyped(fixture(GE_SECOND), '1.2.840.10008.5.1.4.1.1.2', 'CT'));
    // -R: propose only the classes of the files given, as a modality does.
    const refused = await dcmtk('storescu', [
      '-v',
      '-R',
      '-aet',
      'TESTSCU',
      '-aec',
      'KESTREL',
      '127.0.0.1',
      String(listener.port),
      ct,
    ]);
    expect(refused.output).not.toMatch(/Store Response \(Success\)/);
    const log = await lastLog();
    expect(log).toMatchObject({
      outcome: 'unsupported',
      sopClassUid: '1.2.840.10008.5.1.4.1.1.2',
      callingAe: 'TESTSCU',
    });
    expect(log.reason).toMatch(/SOP class 1\.2\.840\.10008\.5\.1\.4\.1\.1\.2 is not accepted/);
    // A Secondary Capture of a CT is accepted, read and logged as not mammography.
    const sc = write(
      'sc-ct.dcm',
      retyped(asObject(fixture(GE_SECOND), 201), '1.2.840.10008.5.1.4.1.1.7', 'CT'),
    );
    const scResult = await store([sc]);
    expect(scResult.output).toMatch(/Store Response \(Success\)/);
    expect(await lastLog()).toMatchObject({
      outcome: 'unsupported',
      sopClassUid: '1.2.840.10008.5.1.4.1.1.7',
    });
    expect((await lastLog()).reason).toMatch(/modality CT/);
    const next = await store([write('next.dcm', asObject(fixture(GE_SECOND), 202))]);
    expect(next.output).toMatch(/Received Store Response \(Success\)/);
    expect(await lastLog()).toMatchObject({ outcome: 'stored' });
  });

  it('admits only senders on the allow-list when a site has one', async () => {
    const customer = await makeCustomer(t.app.db);
    const site = await makeSite(t.app.db, customer.id);
    await t.app.db
      .insert(siteDicomSenders)
      .values({ siteId: site.id, customerId: customer.id, aeTitle: 'MAMMO1' });
    try {
      const stranger = await echo('STRANGER');
      expect(stranger.output).toMatch(/Association Rejected/i);
      expect((await lastLog()).reason).toMatch(
        /calling AE 'STRANGER' from 127\.0\.0\.1 is not on the allow-list/,
      );
      expect((await echo('MAMMO1')).output).toMatch(/Echo Response \(Success\)/);
      // An address range: the AE title alone is not enough from outside it.
      await t.app.db.delete(siteDicomSenders);
      await t.app.db
        .insert(siteDicomSenders)
        .values({ siteId: site.id, customerId: customer.id, cidr: '10.0.0.0/8' });
      expect((await echo('MAMMO1')).output).toMatch(/Association Rejected/i);
      await t.app.db
        .insert(siteDicomSenders)
        .values({ siteId: site.id, customerId: customer.id, cidr: '127.0.0.0/8' });
      expect((await echo('ANY')).output).toMatch(/Echo Response \(Success\)/);
    } finally {
      await t.app.db.delete(siteDicomSenders);
    }
  });

  it("admits through an allow-list entry only its own site's devices (and unknown ones, as pending)", async () => {
    const mine = await makeSite(t.app.db, (await makeCustomer(t.app.db)).id);
    const theirs = await makeSite(t.app.db, (await makeCustomer(t.app.db)).id);
    await t.app.db
      .insert(siteDicomSenders)
      .values({ siteId: mine.id, customerId: mine.customerId, aeTitle: 'MAMMO1' });
    // The GE fixtures' device belongs to another customer's site.
    const ge = { manufacturer: 'GE MEDICAL SYSTEMS', serial: '87654' };
    await t.app.db
      .insert(devices)
      .values({
        ...ge,
        model: 'Senographe',
        deviceType: '2D',
        siteId: theirs.id,
        customerId: theirs.customerId,
      })
      .onConflictDoUpdate({
        target: [devices.manufacturer, devices.serial],
        set: { siteId: theirs.id, customerId: theirs.customerId },
      });
    try {
      const facts = await t.app.db.$count(imageFacts);
      const refused = await dcmtk('storescu', [
        '-d',
        '-aet',
        'MAMMO1',
        '-aec',
        'KESTREL',
        '127.0.0.1',
        String(listener.port),
        write('theirs.dcm', asObject(fixture(GE_SECOND), 401)),
      ]);
      expect(refused.output).toMatch(/DIMSE Status +: 0x0124: Refused: Not authorized/);
      const reason = `refused: the image is from GE MEDICAL SYSTEMS serial 87654, a device of another site; the allow-list entries that admitted this sender are for site ${mine.id}`;
      // Error Comment (0000,0902), so the sender's own log says why.
      expect(refused.output).toMatch(/\(0000,0902\) LO \[not authorised: serial 87654 is at another site\]/);
      expect(await lastLog()).toMatchObject({ outcome: 'failed', reason, callingAe: 'MAMMO1', siteId: null });
      expect(await t.app.db.$count(imageFacts)).toBe(facts);

      const unknown = asObject(fixture(GE_SECOND), 402);
      setValue(unknown, '0018,1000', '24680');
      const onboarded = await store([write('unknown.dcm', unknown)], 'MAMMO1');
      expect(onboarded.output).toMatch(/Received Store Response \(Success\)/);
      const [pending] = await t.app.db.select().from(devices).where(eq(devices.serial, '24680'));
      expect(pending).toMatchObject({ onboardingState: 'pending', siteId: null });

      await t.app.db
        .update(devices)
        .set({ siteId: mine.id, customerId: mine.customerId })
        .where(eq(devices.serial, '87654'));
      const own = await store([write('mine.dcm', asObject(fixture(GE_SECOND), 403))], 'MAMMO1');
      expect(own.output).toMatch(/Received Store Response \(Success\)/);
      expect(await lastLog()).toMatchObject({ outcome: 'stored', siteId: mine.id });
    } finally {
      await t.app.db.delete(siteDicomSenders);
    }
  });

  it('answers 0xA700 (Out of Resources) while the database fails, and Success once it is back', async () => {
    const file = write('retry.dcm', asObject(fixture(GE_PRESENTATION), 301));
    await t.app.db.execute(sql`alter table ingest_log rename to ingest_log_away`);
    let down: Awaited<ReturnType<typeof store>>;
    try {
      down = await store([file]);
    } finally {
      await t.app.db.execute(sql`alter table ingest_log_away rename to ingest_log`);
    }
    expect(down.output).toMatch(/Store Response \(Refused: OutOfResources\)|Store Response \(.*a700/i);
    expect(down.output).not.toMatch(/Store Response \(Success\)/);
    const again = await store([file]);
    expect(again.output).toMatch(/Received Store Response \(Success\)/);
    expect(await lastLog()).toMatchObject({ outcome: 'stored' });
  });
});
