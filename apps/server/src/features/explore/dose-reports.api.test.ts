import { doseReportRecord, toPart10 } from '@kestrel/fleet-sim';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DicomRecord, mapObject, recordHeader } from '../../ingest/mapping';
import { createIngestPipeline, type IngestPipeline } from '../../ingest/pipeline';
import { storeBatch } from '../../ingest/store';
import { doseReports } from '../../platform/db/schema';
import { as, buildTestApp, login, type TestApp } from '../../test/app';
import { fixture, HOLOGIC_RDSR } from '../../test/dicom-files';
import { makeDevice, makeUser, TEST_PASSWORD, twoCustomers } from '../../test/factories';

/** The Hologic fixture's exam (dsrdump): accumulated AGD 1.30 mGy left, 1.28 mGy right. */
const STUDY = '1.3.6.1.4.1.5962.99.1.84038123.1638714927.1486142755307.43.0';
const HOLOGIC = { manufacturer: 'HOLOGIC, Inc.', model: 'Selenia Dimensions', serial: '765467656' };
const range = 'fromDateSelected=2015-03-22&toDateSelected=2015-03-22';

interface Exam {
  id: number;
  startedAt: string;
  accumulatedAgdLeftMgy: number | null;
  accumulatedAgdRightMgy: number | null;
  accumulatedAgdBothMgy: number | null;
}

describe('explorer: the accumulated AGD of an exam’s dose report', () => {
  let t: TestApp;
  let pipeline: IngestPipeline;
  const tokens: Record<string, string> = {};
  let fleet: Awaited<ReturnType<typeof twoCustomers>>;
  let betaDevice: number;
  const get = (who: string, url: string) => t.app.inject({ url, headers: as(tokens[who]!) });
  const exams = async (who: string, filter = '') =>
    (await get(who, `/api/explore/studies?${range}${filter}`)).json().result as {
      total: number;
      rows: Exam[];
    };

  beforeAll(async () => {
    t = await buildTestApp({ LOGIN_RATE_LIMIT: '1000' });
    const db = t.database.db;
    fleet = await twoCustomers(db);
    await makeDevice(db, fleet.a1, { ...HOLOGIC, deviceType: 'COMBO' });
    betaDevice = (await makeDevice(db, fleet.b1)).id;
    pipeline = createIngestPipeline(t.app.db, { now: t.clock.now });
    // The report arrives before any image of its exam: its events open the exam.
    expect((await pipeline.ingest({ bytes: fixture(HOLOGIC_RDSR), source: { door: 'dimse' } })).outcome).toBe(
      'stored',
    );
    // Another exam of the same device that day, without a dose report.
    const image = mapObject(
      recordHeader({
        SOPClassUID: '1.2.840.10008.5.1.4.1.1.1.2',
        SOPInstanceUID: '1.2.826.0.1.3680043.10.7.1',
        StudyInstanceUID: '1.2.826.0.1.3680043.10.7',
        Modality: 'MG',
        Manufacturer: HOLOGIC.manufacturer,
        ManufacturerModelName: HOLOGIC.model,
        DeviceSerialNumber: HOLOGIC.serial,
        AcquisitionDate: '20150322',
        AcquisitionTime: '160000',
        ViewPosition: 'CC',
        ImageLaterality: 'R',
        KVP: 29,
      } as DicomRecord),
    );
    if (image.kind !== 'image') throw new Error(image.kind);
    await db.transaction((tx) =>
      storeBatch(tx, { images: [image.image], rejections: [], receivedAt: t.clock.now() }),
    );
    const users = {
      admin: await makeUser(db, { role: 'provider_admin' }),
      alphaAdmin: await makeUser(db, { role: 'customer_admin', customerId: fleet.a.id }),
      betaAdmin: await makeUser(db, { role: 'customer_admin', customerId: fleet.b.id }),
      alphaTwoUser: await makeUser(db, { role: 'customer_user', customerId: fleet.a.id, sites: [fleet.a2] }),
    };
    for (const [k, u] of Object.entries(users)) tokens[k] = await login(t.app, u.email, TEST_PASSWORD);
  });
  afterAll(async () => {
    await pipeline.close();
    await t.close();
  });

  it('lists the exam with its accumulated AGD per breast, and null for an exam without a report', async () => {
    for (const who of ['admin', 'alphaAdmin']) {
      const r = await exams(who, '&order=asc');
      expect(r.total, who).toBe(2);
      expect(
        r.rows.map((x) => [x.accumulatedAgdLeftMgy, x.accumulatedAgdRightMgy, x.accumulatedAgdBothMgy]),
        who,
      ).toEqual([
        [1.3, 1.28, null],
        [null, null, null],
      ]);
    }
  });

  it('shows nothing of it to a customer of another customer, or a user of another site', async () => {
    for (const who of ['betaAdmin', 'alphaTwoUser']) {
      expect((await exams(who)).total, who).toBe(0);
      const csv = await get(who, `/api/explore/studies/export?${range}&format=csv`);
      expect(csv.statusCode).toBe(200);
      expect(csv.body.trim().split('\r\n'), who).toHaveLength(1); // the heading only
    }
  });

  it('exports the exams with the accumulated AGD columns (CSV and XLSX)', async () => {
    const csv = await get('admin', `/api/explore/studies/export?${range}&format=csv`);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="kestrel-exams-2015-03-22-to-2015-03-22.csv"',
    );
    const [head, ...lines] = csv.body
      .trim()
      .split('\r\n')
      .map((l) => l.split(','));
    expect(head).toEqual([
      'Started (UTC)',
      'Local date',
      'Site',
      'Device',
      'Technologist',
      'Procedure',
      'Images',
      'Rejected',
      'Accumulated AGD L (mGy)',
      'Accumulated AGD R (mGy)',
      'Accumulated AGD both (mGy)',
    ]);
    const agd = (l: string[]) => l.slice(-3);
    expect(lines.map(agd).sort()).toEqual([
      ['', '', ''],
      ['1.3', '1.28', ''],
    ]);

    const xlsx = await get('admin', `/api/explore/studies/export?${range}&format=xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Exams')!;
    expect(sheet.actualRowCount).toBe(3);
    expect(sheet.getRow(1).getCell(9).value).toBe('Accumulated AGD L (mGy)');
    const values = [2, 3].map((n) => [sheet.getRow(n).getCell(9).value, sheet.getRow(n).getCell(10).value]);
    expect(values).toContainEqual([1.3, 1.28]);
  });

  it('shows the last report received when the device sent another for the same exam', async () => {
    t.clock.advance(60_000);
    const record = doseReportRecord({
      sopInstanceUid: '1.2.826.0.1.3680043.10.8.1',
      studyUid: STUDY,
      seriesUid: '1.2.826.0.1.3680043.10.8',
      device: HOLOGIC,
      studyDate: '20150322',
      events: [
        { uid: '1.2.826.0.1.3680043.10.8.2', started: '20150322125500', view: 'MLO', side: 'L', agdMgy: 1.5 },
      ],
    });
    const r = await pipeline.ingest({ bytes: Buffer.from(toPart10(record)), source: { door: 'dimse' } });
    expect(r.outcome).toBe('stored');
    const first = (await exams('admin', '&order=asc')).rows[0]!;
    expect([first.accumulatedAgdLeftMgy, first.accumulatedAgdRightMgy]).toEqual([1.5, null]);
  });

  it('never shows the report of another device that used the same Study Instance UID', async () => {
    await t.database.db.insert(doseReports).values({
      sopInstanceUid: '1.2.826.0.1.3680043.10.9.1',
      studyInstanceUid: STUDY,
      deviceId: betaDevice,
      siteId: fleet.b1.id,
      customerId: fleet.b.id,
      receivedAt: new Date(t.clock.now().getTime() + 3_600_000),
      events: 1,
      accumulatedAgdLeftMgy: 99,
    });
    const first = (await exams('admin', '&order=asc')).rows[0]!;
    expect([first.accumulatedAgdLeftMgy, first.accumulatedAgdRightMgy]).toEqual([1.5, null]);
  });
});
