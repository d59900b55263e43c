import { FORCE_BANDS } from '@kestrel/contract';
import { generateFleet } from '@kestrel/fleet-sim';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { widgetData } from '../../analytics/answer';
import { loadFleet } from '../../demo/load-fleet';
import { rowsOf } from '../../platform/db/rows';
import { FULL_SCOPE } from '../../platform/scope';
import { as, buildTestApp, login, type TestApp } from '../../test/app';
import { makeUser, TEST_PASSWORD } from '../../test/factories';
import { analyticsOf } from '../widgets/analytics';

const FROM = '2026-02-01';
const TO = '2026-03-05';
const range = `fromDateSelected=${FROM}&toDateSelected=${TO}`;

describe('GET /api/explore (records behind the charts)', () => {
  let t: TestApp;
  let admin: string;
  let customerUser: string;
  let sites: { id: number; customer_id: number }[];
  beforeAll(async () => {
    t = await buildTestApp({ LOGIN_RATE_LIMIT: '1000' });
    await loadFleet(t.database.db, generateFleet({ seed: 'explore', devices: 10, days: 40 }), {
      now: new Date(`${TO}T22:00:00Z`),
      days: 40,
    });
    sites = rowsOf(
      await t.database.db.execute(
        sql`select id, customer_id from sites where id in (select distinct site_id from image_facts) order by id`,
      ),
    );
    admin = await login(
      t.app,
      (await makeUser(t.database.db, { role: 'provider_admin' })).email,
      TEST_PASSWORD,
    );
    const first = sites[0]!;
    customerUser = await login(
      t.app,
      (
        await makeUser(t.database.db, {
          role: 'customer_user',
          customerId: first.customer_id,
          sites: [{ id: first.id, customerId: first.customer_id }],
        })
      ).email,
      TEST_PASSWORD,
    );
  }, 120_000);
  afterAll(() => t.close());

  const get = (token: string, url: string) => t.app.inject({ url, headers: as(token) });
  const answer = (widgetId: number) =>
    widgetData(analyticsOf(t.app), FULL_SCOPE, { widgetId, fromDateSelected: FROM, toDateSelected: TO }).then(
      (r) => r.answer,
    );

  it('lists as many exams per site as the chart counts (drill-down of 9049)', async () => {
    const chart = await answer(9049);
    if (chart.kind !== 'categories') throw new Error('unexpected shape');
    for (const [i, site] of chart.keys!.entries()) {
      const r = (await get(admin, `/api/explore/studies?${range}&site=${site}&pageSize=1`)).json().result;
      expect(r.total, `site ${site}`).toBe(chart.series[0]!.data[i]);
    }
  });

  it('lists as many images per force band as the histogram counts (drill-down of 9060)', async () => {
    const chart = await answer(9060);
    if (chart.kind !== 'categories') throw new Error('unexpected shape');
    for (let band = 0; band < FORCE_BANDS.count; band++) {
      const r = (await get(admin, `/api/explore/images?${range}&forceBand=${band}&pageSize=1`)).json().result;
      expect(r.total, FORCE_BANDS.label(band)).toBe(chart.series[0]!.data[band]);
    }
  });

  it('lists the rejects of a reason (drill-down of 9057)', async () => {
    const chart = await answer(9057);
    if (chart.kind !== 'slices') throw new Error('unexpected shape');
    for (const slice of chart.slices) {
      const r = (
        await get(admin, `/api/explore/images?${range}&rejected=true&reason=${slice.key}&pageSize=200`)
      ).json().result;
      expect(r.total).toBe(slice.value);
      expect(r.rows.every((x: { rejected: boolean }) => x.rejected)).toBe(true);
    }
  });

  it('pages without overlap and sorts', async () => {
    const a = (
      await get(admin, `/api/explore/images?${range}&page=1&pageSize=20&sort=forceN&order=desc`)
    ).json().result;
    const b = (
      await get(admin, `/api/explore/images?${range}&page=2&pageSize=20&sort=forceN&order=desc`)
    ).json().result;
    expect(a.rows).toHaveLength(20);
    const ids = new Set([...a.rows, ...b.rows].map((r: { id: number }) => r.id));
    expect(ids.size).toBe(40);
    const forces = [...a.rows, ...b.rows].map((r: { forceN: number | null }) => r.forceN ?? -1);
    expect(forces).toEqual([...forces].sort((x, y) => y - x));
  });

  it('exports CSV and XLSX whose rows match the filter', async () => {
    const filter = `${range}&site=${sites[0]!.id}&viewSlot=0`;
    const total = (await get(admin, `/api/explore/images?${filter}&pageSize=1`)).json().result.total;
    expect(total).toBeGreaterThan(10);
    const csv = await get(admin, `/api/explore/images/export?${filter}&format=csv`);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="kestrel-images-.*\.csv"/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^Acquired \(UTC\),Local date,Site,Device/);
    expect(lines).toHaveLength(total + 1);
    expect(lines.slice(1).every((l) => l.split(',')[7] === 'CC')).toBe(true);
    const xlsx = await get(admin, `/api/explore/images/export?${filter}&format=xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.getWorksheet('Images')!.actualRowCount).toBe(total + 1);
  });

  it('keeps a customer user to their site', async () => {
    const mine = (await get(customerUser, `/api/explore/images?${range}&pageSize=200`)).json().result;
    expect(mine.total).toBeGreaterThan(0);
    const other = sites.find((s) => s.id !== sites[0]!.id)!;
    expect((await get(customerUser, `/api/explore/images?${range}&site=${other.id}`)).statusCode).toBe(403);
    const csv = await get(customerUser, `/api/explore/images/export?${range}`);
    expect(csv.body.trim().split('\r\n')).toHaveLength(mine.total + 1);
  });

  it('400 for a bad filter', async () => {
    const r = await get(admin, `/api/explore/images?${range}&forceBand=99`);
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toMatch(/forceBand/);
  });
});
