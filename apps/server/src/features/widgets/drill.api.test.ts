import { drillFilters, type WidgetAnswer } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DicomRecord, mapObject, recordHeader } from '../../ingest/mapping';
import type { ImageObservation, IocmNote } from '../../ingest/mapping/types';
import { storeBatch } from '../../ingest/store';
import { rowsOf } from '../../platform/db/rows';
import { as, buildTestApp, login, type TestApp } from '../../test/app';
import { makeDevice, makeUser, TEST_PASSWORD, twoCustomers } from '../../test/factories';

/**
 * Drill-down: every segment of a chart, turned into explorer filters by the shared
 * `drillFilters`, lists exactly as many records as the segment counted.
 */
let n = 0;
const image = (serial: string, study: string, over: DicomRecord = {}): ImageObservation => {
  n++;
  const m = mapObject(
    recordHeader({
      SOPClassUID: '1.2.840.10008.5.1.4.1.1.1.2',
      SOPInstanceUID: `1.2.826.88.${n}`,
      StudyInstanceUID: study,
      Modality: 'MG',
      Manufacturer: 'ACME MEDICAL',
      ManufacturerModelName: 'Aurora 2D',
      DeviceSerialNumber: serial,
      OperatorsName: n % 3 ? 'Doe^Jane' : 'Roe^Ann',
      AcquisitionDate: n % 2 ? '20260114' : '20260115',
      AcquisitionTime: `${String(8 + (n % 5)).padStart(2, '0')}1500`,
      ViewPosition: ['CC', 'MLO', 'ML'][n % 3],
      ImageLaterality: n % 4 < 2 ? 'L' : 'R',
      KVP: 26 + (n % 6),
      ExposureInuAs: 100000,
      OrganDose: 0.012 + (n % 4) * 0.002,
      CompressionForce: 60 + (n % 7) * 15,
      BodyPartThickness: 25 + (n % 6) * 9,
      RequestedProcedureDescription: n % 5 ? 'MAMMO SCREENING' : 'MAMMO DIAGNOSTIC',
      ...over,
    }),
  );
  if (m.kind !== 'image') throw new Error('not an image');
  return m.image;
};
const reject = (img: ImageObservation, code: string | null): IocmNote => ({
  sopInstanceUid: `9.88.${img.sopInstanceUid}`,
  titleCode: '113001',
  reasonCode: code,
  reason: code ? 'x' : null,
  referencedSopInstanceUids: [img.sopInstanceUid],
  device: null,
});

type Segment = { seriesIndex: number; dataIndex: number; value?: unknown; count: number };
/** Every non-empty segment of an answer, with the number it shows. */
function segments(a: WidgetAnswer): Segment[] {
  if (a.kind === 'categories')
    return a.series.flatMap((s, seriesIndex) =>
      s.data.flatMap((v, dataIndex) => (v ? [{ seriesIndex, dataIndex, count: v }] : [])),
    );
  if (a.kind === 'slices')
    return a.slices.map((s, dataIndex) => ({ seriesIndex: 0, dataIndex, count: s.value }));
  if (a.kind === 'heatmap')
    return a.cells.map((c, dataIndex) => ({ seriesIndex: 0, dataIndex, value: c, count: c[2] }));
  return [];
}

describe('drill-down: the records behind a segment', () => {
  let t: TestApp;
  let admin: string;
  const range = { fromDateSelected: '2026-01-01', toDateSelected: '2026-01-31' };

  beforeAll(async () => {
    t = await buildTestApp({ LOGIN_RATE_LIMIT: '1000' });
    const f = await twoCustomers(t.database.db);
    await makeDevice(t.database.db, f.a1, { serial: 'A1' });
    await makeDevice(t.database.db, f.b1, { serial: 'B1' });
    const images = [
      ...Array.from({ length: 14 }, (_, i) => image('A1', `1.2.826.88.100${i % 4}`)),
      ...Array.from({ length: 9 }, (_, i) => image('B1', `1.2.826.88.200${i % 3}`)),
    ];
    const rejections = [
      reject(images[0]!, '111209'),
      reject(images[3]!, '111209'),
      reject(images[5]!, '111210'),
      reject(images[15]!, null),
      reject(images[20]!, '111212'),
    ];
    await t.database.db.transaction((tx) =>
      storeBatch(tx, { images, rejections, receivedAt: new Date('2026-01-15T20:00:00Z') }),
    );
    admin = await login(
      t.app,
      (await makeUser(t.database.db, { role: 'provider_admin' })).email,
      TEST_PASSWORD,
    );
  });
  afterAll(() => t.close());

  const answer = async (widgetId: number) =>
    (
      await t.app.inject({
        url: `/api/widgetsData?widgetId=${widgetId}&${new URLSearchParams(range)}`,
        headers: as(admin),
      })
    ).json().result.answer as WidgetAnswer;
  const total = async (what: 'images' | 'studies', filters: Record<string, string>) => {
    const r = await t.app.inject({
      url: `/api/explore/${what}?${new URLSearchParams({ ...filters, pageSize: '1' })}`,
      headers: as(admin),
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().result.total as number;
  };

  // Widgets that count images: the explorer's image count must equal each segment.
  it.each([9050, 9070, 9146, 9059, 9036, 9057, 9060, 9061, 9063, 9134])(
    'widget %i: each segment lists as many images as it shows',
    async (widgetId) => {
      const a = await answer(widgetId);
      const all = segments(a);
      expect(all.length, 'segments').toBeGreaterThan(0);
      for (const s of all) {
        const f = drillFilters(widgetId, a, s, range);
        expect(f, `segment ${JSON.stringify(s)}`).not.toBeNull();
        expect(await total('images', f!), JSON.stringify(f)).toBe(s.count);
      }
    },
  );

  // A box of the force spread is a technologist's force values: it lists that technologist's images.
  it('widget 9138: a box lists the images of its technologist', async () => {
    const a = await answer(9138);
    if (a.kind !== 'boxplot') throw new Error(a.kind);
    expect(a.keys?.length).toBe(a.categories.length);
    expect(a.boxes.length).toBeGreaterThan(0);
    for (let dataIndex = 0; dataIndex < a.boxes.length; dataIndex++) {
      const f = drillFilters(9138, a, { seriesIndex: 0, dataIndex }, range);
      expect(f).toMatchObject({ technologist: String(a.keys![dataIndex]) });
      const [own] = rowsOf<{ n: number }>(
        await t.database.db.execute(
          sql`select count(*)::int as n from image_facts where technologist_id = ${Number(a.keys![dataIndex])} and force_n is not null`,
        ),
      );
      expect(await total('images', f!)).toBe(own!.n);
    }
  });

  // Widgets that count exams: the explorer's exam count must equal each segment.
  it.each([9049, 9051, 9069, 9160, 9089, 9119, 9176])(
    'widget %i: each segment lists as many exams as it shows',
    async (widgetId) => {
      const a = await answer(widgetId);
      const all = segments(a);
      expect(all.length).toBeGreaterThan(0);
      for (const s of all) {
        const f = drillFilters(widgetId, a, s, range);
        expect(f, `segment ${JSON.stringify(s)}`).not.toBeNull();
        expect(await total('studies', f!), JSON.stringify(f)).toBe(s.count);
      }
    },
  );

  it('answers carry the keys drill-down needs: reason codes, site and technologist ids', async () => {
    const byReason = await answer(9059);
    expect(byReason.kind === 'categories' && byReason.series.map((s) => s.key).sort()).toEqual([
      '',
      '111209',
      '111210',
      '111212',
    ]);
    const perTech = await answer(9070);
    expect(perTech.kind === 'categories' && perTech.series.every((s) => s.key !== undefined)).toBe(true);
    const bySite = await answer(9069);
    expect(bySite.kind === 'categories' && bySite.series.every((s) => typeof s.key === 'number')).toBe(true);
    const hours = await answer(9176);
    expect(hours.kind === 'heatmap' && hours.yKeys?.length).toBe(hours.kind === 'heatmap' && hours.y.length);
  });
});
