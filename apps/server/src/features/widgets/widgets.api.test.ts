import { deviceDrillFilters } from '@kestrel/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DicomRecord, mapObject, recordHeader } from '../../ingest/mapping';
import type { ImageObservation } from '../../ingest/mapping/types';
import { storeBatch } from '../../ingest/store';
import { devices, ingestLog, tubes } from '../../platform/db/schema';
import { as, buildTestApp, login, type TestApp } from '../../test/app';
import { makeDevice, makeUser, TEST_PASSWORD, twoCustomers } from '../../test/factories';

let n = 0;
const image = (serial: string, study: string, over: DicomRecord = {}): ImageObservation => {
  n++;
  const m = mapObject(
    recordHeader({
      SOPClassUID: '1.2.840.10008.5.1.4.1.1.1.2',
      SOPInstanceUID: `1.2.826.77.${n}`,
      StudyInstanceUID: study,
      Modality: 'MG',
      Manufacturer: 'ACME MEDICAL',
      ManufacturerModelName: 'Aurora 2D',
      DeviceSerialNumber: serial,
      OperatorsName: 'Doe^Jane',
      AcquisitionDate: '20260115',
      AcquisitionTime: `10${String(n % 60).padStart(2, '0')}00`,
      ViewPosition: n % 2 ? 'CC' : 'MLO',
      ImageLaterality: n % 4 < 2 ? 'L' : 'R',
      KVP: 28,
      ExposureInuAs: 100000,
      OrganDose: 0.015,
      CompressionForce: 100,
      BodyPartThickness: 50,
      RequestedProcedureDescription: 'MAMMO SCREENING',
      ...over,
    }),
  );
  if (m.kind !== 'image') throw new Error('not an image');
  return m.image;
};

describe('GET /api/widgetsData', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof twoCustomers>>;
  let admin: string;
  let alphaUser: string;
  const store = (
    images: ImageObservation[],
    rejections: Parameters<typeof storeBatch>[1]['rejections'] = [],
  ) =>
    t.database.db.transaction((tx) =>
      storeBatch(tx, { images, rejections, receivedAt: new Date('2026-01-15T20:00:00Z') }),
    );

  beforeAll(async () => {
    t = await buildTestApp({ LOGIN_RATE_LIMIT: '1000' });
    f = await twoCustomers(t.database.db);
    await makeDevice(t.database.db, f.a1, { serial: 'A1' });
    await makeDevice(t.database.db, f.b1, { serial: 'B1' });
    // Alpha One: two screening exams of four images, one image rejected for positioning.
    const alpha = [
      ...Array.from({ length: 4 }, () => image('A1', '1.2.826.77.1000')),
      ...Array.from({ length: 4 }, () => image('A1', '1.2.826.77.1001')),
    ];
    await store(alpha, [
      {
        sopInstanceUid: '9.1',
        titleCode: '113001',
        reasonCode: '111209',
        reason: 'Positioning',
        referencedSopInstanceUids: [alpha[0]!.sopInstanceUid],
        device: null,
      },
    ]);
    // Beta One: one diagnostic exam of three images.
    await store(
      Array.from({ length: 3 }, () =>
        image('B1', '1.2.826.77.2000', { RequestedProcedureDescription: 'MAMMO DIAGNOSTIC' }),
      ),
    );
    admin = await login(
      t.app,
      (await makeUser(t.database.db, { role: 'provider_admin' })).email,
      TEST_PASSWORD,
    );
    alphaUser = await login(
      t.app,
      (await makeUser(t.database.db, { role: 'customer_user', customerId: f.a.id, sites: [f.a1, f.a2] }))
        .email,
      TEST_PASSWORD,
    );
  });
  afterAll(() => t.close());

  const data = (token: string, widgetId: number, extra = '') =>
    t.app.inject({
      url: `/api/widgetsData?widgetId=${widgetId}&fromDateSelected=2026-01-01&toDateSelected=2026-01-31${extra}`,
      headers: as(token),
    });

  it('answers known questions about a known fleet', async () => {
    const exams = (await data(admin, 9049)).json().result;
    expect(exams).toMatchObject({ widgetId: 9049, from: '2026-01-01', to: '2026-01-31', granularity: 'day' });
    expect(exams.answer).toMatchObject({
      kind: 'categories',
      categories: ['Alpha One', 'Beta One'],
      series: [{ name: 'Exams', data: [2, 1] }],
    });
    const rate = (await data(admin, 9092)).json().result.answer;
    expect(rate.series[0].data).toEqual([12.5, 0]);
    expect(rate.unit).toBe('%');
    const procedures = (await data(admin, 9119)).json().result.answer;
    expect(procedures.slices).toEqual([
      { name: 'Screening', value: 2, key: 'screening' },
      { name: 'Diagnostic', value: 1, key: 'diagnostic' },
    ]);
    const reasons = (await data(admin, 9057)).json().result.answer;
    expect(reasons.slices).toEqual([{ name: 'Positioning', value: 1, key: '111209' }]);
    const agd = (await data(admin, 9120)).json().result.answer;
    expect(agd).toMatchObject({ categories: ['CC', 'MLO'], series: [{ data: [1.5, 1.5] }], unit: 'mGy' });
  });

  it('answers the equipment widgets from the fleet as it is now', async () => {
    const now = t.clock.now();
    const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
    const db = t.database.db;
    // A1 heard from 5 minutes ago (connected), B1 two hours ago (late); a pending device (not
    // yet at a site, connected) counts fleet-wide as the device list shows it, in no site's bar;
    // A1's tube has 40,000 of 100,000 mAs left at 1,000 mAs a day: 40 days.
    await db
      .update(devices)
      .set({ lastHeartbeatAt: ago(5) })
      .where(eq(devices.serial, 'A1'));
    await db
      .update(devices)
      .set({ lastHeartbeatAt: null, lastObjectAt: ago(120) })
      .where(eq(devices.serial, 'B1'));
    await makeDevice(db, f.a1, {
      serial: 'PENDING',
      siteId: null,
      customerId: null,
      onboardingState: 'pending',
      lastHeartbeatAt: ago(1),
    });
    const [a1] = await db.select().from(devices).where(eq(devices.serial, 'A1'));
    await db.insert(tubes).values({
      deviceId: a1!.id,
      customerId: a1!.customerId,
      installedAt: ago(60 * 24 * 100),
      ratedMas: 100_000,
      usedMas: 60_000,
      dailyMas: 1_000,
    });

    const connection = (await data(admin, 9202)).json().result.answer;
    expect(connection.slices).toEqual([
      { name: 'Connected', value: 2, key: 'GREEN' },
      { name: 'Late', value: 1, key: 'YELLOW' },
    ]);
    const listed = await t.app.inject({ url: '/api/ha/devices?connectionStatus=GREEN', headers: as(admin) });
    expect(listed.json().result).toHaveLength(2);
    const perSite = (await data(admin, 9104)).json().result.answer;
    expect(perSite.categories).toEqual(['Alpha One', 'Beta One']);
    expect(perSite.series.map((x: { data: number[] }) => x.data)).toEqual([
      [1, 0],
      [0, 1],
      [0, 0],
      [0, 0],
    ]);
    // A segment drills into the device list (deviceDrillFilters): the devices it counted.
    for (const [seriesIndex, dataIndex] of [
      [0, 0],
      [1, 1],
      [1, 0],
    ] as const) {
      const filters = deviceDrillFilters(9104, perSite, { seriesIndex, dataIndex })!;
      const listed = await t.app.inject({
        url: `/api/ha/devices?siteId=${filters.site}&connectionStatus=${filters.connectionStatus}`,
        headers: as(admin),
      });
      expect(listed.statusCode).toBe(200);
      expect(listed.json().result).toHaveLength(perSite.series[seriesIndex].data[dataIndex]);
    }
    const tubesAnswer = (await data(admin, 9201)).json().result.answer;
    expect(tubesAnswer.categories).toEqual(['A1 · Alpha One']);
    expect(
      tubesAnswer.series.map((x: { name: string; data: (number | null)[] }) => [x.name, x.data]),
    ).toEqual([
      ['Tube OK', [null]],
      ['Schedule Replacement', [40]],
      ['Replace Tube', [null]],
    ]);
    const tubeStatus = (
      await data(admin, 9109, `&options=${encodeURIComponent('{"tubeLifeYellow":30}')}`)
    ).json().result.answer;
    expect(tubeStatus.series.map((x: { data: number[] }) => x.data)).toEqual([[1], [0], [0]]);
    // A customer user sees their own site's devices only.
    const mine = (await data(alphaUser, 9202)).json().result.answer;
    expect(mine.slices).toEqual([{ name: 'Connected', value: 1, key: 'GREEN' }]);

    // Last object per device: instants marked as such (the table shows them in the browser's
    // zone); the kind from the ingest log, else — facts stored without a log row — the latest fact.
    const { id: b1 } = (await db.select().from(devices).where(eq(devices.serial, 'B1')))[0]!;
    await db.insert(ingestLog).values({
      receivedAt: ago(120),
      door: 'dimse',
      outcome: 'stored',
      objectKind: 'dose-report',
      deviceId: b1,
      siteId: f.b1.id,
      customerId: f.b.id,
    });
    const last = (await data(admin, 9203)).json().result.answer;
    expect(last.columns.find((c: { key: string }) => c.key === 'lastObjectAt').format).toBe('instant');
    const rowOf = (serial: string) =>
      last.rows.find((r: { device: string }) => r.device.endsWith(`SN ${serial}`));
    expect(rowOf('A1')).toMatchObject({ kind: 'MG image · 2D', connection: 'Connected' });
    expect(rowOf('B1')).toMatchObject({ kind: 'Dose report (RDSR)', connection: 'Late' });
    expect(rowOf('PENDING')).toMatchObject({ kind: null, connection: 'Connected' });
    const mineLast = (await data(alphaUser, 9203)).json().result.answer;
    expect(mineLast.rows.map((r: { device: string }) => r.device.split(' SN ')[1])).toEqual(['A1']);
  });

  it('shows a customer user only their sites, and refuses another customer’s site', async () => {
    const exams = (await data(alphaUser, 9049)).json().result.answer;
    expect(exams.categories).toEqual(['Alpha One']);
    expect((await data(alphaUser, 9049, `&site=${f.b1.id}`)).statusCode).toBe(403);
    const table = (await data(alphaUser, 9177)).json().result.answer;
    expect(table.rows).toHaveLength(1);
    expect((await data(admin, 9049, `&site=${f.b1.id}`)).json().result.answer.categories).toEqual([
      'Beta One',
    ]);
  });

  it('reflects new images at once (the cache is invalidated by ingest)', async () => {
    expect((await data(admin, 9051)).json().result.answer.series[0].data).toEqual([2, 1]);
    await store([image('B1', '1.2.826.77.2001'), image('B1', '1.2.826.77.2001')]);
    expect((await data(admin, 9049)).json().result.answer.series[0].data).toEqual([2, 2]);
  });

  it.each([
    [
      'an unknown widget',
      'widgetId=1234&fromDateSelected=2026-01-01&toDateSelected=2026-01-31',
      404,
      /no widget 1234/,
    ],
    [
      'a range that ends before it starts',
      'widgetId=9049&fromDateSelected=2026-02-01&toDateSelected=2026-01-31',
      400,
      /must not be after/,
    ],
    [
      'a date that does not exist',
      'widgetId=9049&fromDateSelected=2026-02-30&toDateSelected=2026-03-31',
      400,
      /YYYY-MM-DD/,
    ],
    [
      'options that are not JSON',
      'widgetId=9049&fromDateSelected=2026-01-01&toDateSelected=2026-01-31&options=%7Bnope',
      400,
      /options must be JSON/,
    ],
    [
      'options out of range',
      'widgetId=9049&fromDateSelected=2026-01-01&toDateSelected=2026-01-31&options=%7B%22limit%22%3A1%7D',
      400,
      /Invalid options/,
    ],
  ])('%s → %i with a message', async (_name, query, status, message) => {
    const r = await t.app.inject({ url: `/api/widgetsData?${query}`, headers: as(admin) });
    expect(r.statusCode).toBe(status);
    expect(r.json().message).toMatch(message);
  });

  it('lists the catalogue with legend types and option defaults', async () => {
    const info = (await t.app.inject({ url: '/api/widgetinfo', headers: as(alphaUser) })).json().result;
    expect(info).toHaveLength(40);
    expect(info.find((w: { id: number }) => w.id === 9109)).toMatchObject({
      legend: 'Sites',
      defaults: { tubeLifeYellow: 61, tubeLifeRed: 31 },
    });
    const grouped = (await t.app.inject({ url: '/api/widgetInfoAnalytics', headers: as(alphaUser) })).json()
      .result;
    expect(grouped.map((g: { legend: string; widgets: unknown[] }) => [g.legend, g.widgets.length])).toEqual([
      ['Sites', 9],
      ['Technologists', 12],
      ['Dimensions', 10],
      ['Reasons', 4],
      ['Procedure', 1],
      ['Equipment', 4],
    ]);
  });
});
