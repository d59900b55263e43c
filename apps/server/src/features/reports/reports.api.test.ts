import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTubeForecasts } from '../../domain/fleet-status/tube-forecast';
import { customers, imageFacts, ingestLog, loginAudit, tubes } from '../../platform/db/schema';
import { as, buildTestApp, login, type TestApp } from '../../test/app';
import { parseCsv } from '../../test/csv';
import { makeDevice, makeUser, TEST_PASSWORD, twoCustomers } from '../../test/factories';
import { pdfLines } from '../../test/pdf-text';

const DAY = 86_400_000;

async function readXlsx(bytes: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const out: unknown[][] = [];
  wb.worksheets[0]!.eachRow((r) => out.push((r.values as unknown[]).slice(1)));
  return out;
}

describe('report exports', () => {
  let t: TestApp;
  let fleet: Awaited<ReturnType<typeof twoCustomers>>;
  let admin: string;
  let customerAdminA: string;
  let customerUserA: string;
  let salesA: string;
  const db = () => t.database.db;
  const now = () => t.app.now();

  const exportOf = async (token: string, report: string, format: string, body: object = {}) => {
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/reports/${report}/export?format=${format}`,
      headers: as(token),
      payload: body,
    });
    return r;
  };
  /** The three exports of one report for one filter, read back: CSV rows, XLSX rows, PDF lines. */
  async function allExports(token: string, report: string, body: object = {}) {
    const [csv, xlsx, pdf] = await Promise.all(
      ['csv', 'xlsx', 'pdf'].map((f) => exportOf(token, report, f, body)),
    );
    for (const r of [csv, xlsx, pdf]) expect(r!.statusCode, r!.body.slice(0, 300)).toBe(200);
    expect(csv!.headers['content-type']).toContain('text/csv');
    expect(pdf!.headers['content-type']).toBe('application/pdf');
    expect(xlsx!.headers['content-disposition']).toMatch(
      new RegExp(`attachment; filename="${report}-\\d{4}-\\d{2}-\\d{2}\\.xlsx"`),
    );
    return {
      csv: parseCsv(csv!.body),
      xlsx: await readXlsx(xlsx!.rawPayload),
      pdf: await pdfLines(pdf!.rawPayload),
    };
  }

  async function tubeDevice(site: { id: number; customerId: number }, usedMas: number) {
    const d = await makeDevice(db(), site);
    await db()
      .insert(tubes)
      .values({
        deviceId: d.id,
        customerId: d.customerId,
        serial: `T-${d.serial}`,
        installedAt: new Date(now().getTime() - 400 * DAY),
        ratedMas: 1_000_000,
        usedMas,
      });
    // 30 exposures of 100 mAs over the last 29 days: about 100 mAs a day, so a forecast.
    await db()
      .insert(imageFacts)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          sopInstanceUid: `2.25.${d.id}.${i}`,
          exposureKey: `2.25.${d.id}.${i}`,
          source: 'image' as const,
          acquiredAt: new Date(now().getTime() - ((i % 29) + 0.5) * DAY),
          localDate: '2026-01-01',
          localHour: 9,
          deviceId: d.id,
          siteId: d.siteId,
          customerId: d.customerId,
          imageKind: '2D' as const,
          mas: 100,
        })),
      );
    return d;
  }

  beforeAll(async () => {
    t = await buildTestApp({ LOGIN_RATE_LIMIT: '1000' });
    fleet = await twoCustomers(db());
    const people = await Promise.all([
      makeUser(db(), { role: 'provider_admin' }),
      makeUser(db(), { role: 'customer_admin', customerId: fleet.a.id }),
      makeUser(db(), { role: 'customer_user', customerId: fleet.a.id, sites: [fleet.a1] }),
      makeUser(db(), { role: 'sales', sales: [{ customerId: fleet.a.id }] }),
    ]);
    [admin, customerAdminA, customerUserA, salesA] = (await Promise.all(
      people.map((u) => login(t.app, u.email, TEST_PASSWORD)),
    )) as [string, string, string, string];
    for (const [site, used] of [
      [fleet.a1, 100_000],
      [fleet.a1, 990_000],
      [fleet.a2, 500_000],
      [fleet.b1, 200_000],
    ] as const)
      await tubeDevice(site, used);
    await refreshTubeForecasts(db(), now(), 30);
    await db()
      .insert(loginAudit)
      .values([
        {
          email: 'nurse@alpha.test',
          customerId: fleet.a.id,
          success: true,
          method: 'local',
          at: new Date(now().getTime() - 2 * DAY),
        },
        {
          email: 'nurse@alpha.test',
          customerId: fleet.a.id,
          success: false,
          reason: 'wrong password',
          method: 'local',
          at: new Date(now().getTime() - DAY),
        },
        {
          email: 'tech@beta.test',
          customerId: fleet.b.id,
          success: true,
          method: 'sso',
          at: new Date(now().getTime() - DAY),
        },
      ]);
    await db()
      .insert(ingestLog)
      .values([
        {
          door: 'upload',
          outcome: 'failed',
          reason: 'not a DICOM file',
          fileName: 'alpha-1.dcm',
          siteId: fleet.a1.id,
          receivedAt: new Date(now().getTime() - DAY),
        },
        {
          door: 'dimse',
          outcome: 'unsupported',
          reason: 'CT is not mammography',
          fileName: 'alpha-2.dcm',
          siteId: fleet.a2.id,
          receivedAt: new Date(now().getTime() - 3 * DAY),
        },
        {
          door: 'upload',
          outcome: 'failed',
          reason: 'truncated, header ends early',
          fileName: 'beta-1.dcm',
          siteId: fleet.b1.id,
          receivedAt: new Date(now().getTime() - DAY),
        },
      ]);
  });
  afterAll(() => t.close());

  it('tube report: CSV, XLSX and PDF hold the rows and numbers of ha/filtertubereport, only the caller’s', async () => {
    const page = (
      await t.app.inject({
        method: 'POST',
        url: '/api/ha/filtertubereport',
        headers: as(customerAdminA),
        payload: {},
      })
    ).json().result;
    expect(page.rows).toHaveLength(3);
    expect(
      page.rows.every((r: { tube: { daysRemaining: number | null } }) => r.tube.daysRemaining !== null),
    ).toBe(true);
    const { csv, xlsx, pdf } = await allExports(customerAdminA, 'tubes');
    expect(csv[0]).toEqual(xlsx[0]);
    expect(csv.slice(1).map((r) => [r[0], Number(r[9]), r[11]])).toEqual(
      page.rows.map((r: { deviceSerial: string; tube: { daysRemaining: number; status: string } }) => [
        r.deviceSerial,
        r.tube.daysRemaining,
        r.tube.status,
      ]),
    );
    expect(xlsx.slice(1).map((r) => [r[0], r[9], r[11]])).toEqual(
      csv.slice(1).map((r) => [r[0], Number(r[9]), r[11]]),
    );
    const pdfRows = pdf.filter((l) =>
      page.rows.some((r: { deviceSerial: string }) => l[0] === r.deviceSerial),
    );
    expect(pdfRows.map((l) => [l[0], Number(l[9]), l.at(-1)])).toEqual(
      csv.slice(1).map((r) => [r[0], Number(r[9]), r[11]]),
    );
    // The headline numbers are the page's counts.
    const text = pdf.map((l) => l.join(' ')).join('\n');
    for (const [status, n] of Object.entries(page.counts)) expect(text).toContain(`${status}: ${n}`);
    // Beta's device never appears.
    const all = [...csv.flat(), ...xlsx.flat().map(String), ...pdf.flat()].join('|');
    expect(all).not.toContain('Beta');
  });

  it('login details: exports equal ha/loginDetails; a customer admin gets only their customer’s sign-ins', async () => {
    for (const token of [admin, customerAdminA]) {
      const page = (await t.app.inject({ url: '/api/ha/loginDetails?limit=1000', headers: as(token) })).json()
        .result;
      const { csv, xlsx, pdf } = await allExports(token, 'logins');
      const expected = page.rows.map((r: { at: string; email: string; success: boolean }) => [
        r.at,
        r.email,
        r.success ? 'Succeeded' : 'Failed',
      ]);
      expect(csv.slice(1).map((r) => r.slice(0, 3))).toEqual(expected);
      expect(xlsx.slice(1).map((r) => r.slice(0, 3))).toEqual(expected);
      const pdfText = pdf.map((l) => l.join(' ')).join('\n');
      expect(pdfText).toContain(`Sign-ins: ${page.total}`);
      for (const r of page.rows) expect(pdfText).toContain(r.email);
    }
    const { csv } = await allExports(customerAdminA, 'logins');
    expect(csv.flat().join('|')).not.toContain('tech@beta.test');
    expect((await exportOf(customerUserA, 'logins', 'csv')).statusCode).toBe(403);
  });

  it('device status: exports equal ha/deviceStatus, availability as the page’s percent', async () => {
    const page = (await t.app.inject({ url: '/api/ha/deviceStatus', headers: as(customerUserA) })).json()
      .result;
    expect(page.devices.length).toBe(2); // a1's two devices only
    const { csv, xlsx, pdf } = await allExports(customerUserA, 'device-status');
    const expected = page.devices.map(
      (d: { serial: string; availability: { GREEN: number; unavailable: number } }) => [
        d.serial,
        Math.round(d.availability.GREEN * 1000) / 10,
        Math.round(d.availability.unavailable * 1000) / 10,
      ],
    );
    expect(csv.slice(1).map((r) => [r[0], Number(r[7]), Number(r[10])])).toEqual(expected);
    expect(xlsx.slice(1).map((r) => [r[0], r[7], r[10]])).toEqual(expected);
    const pdfRows = pdf.filter((l) => expected.some((e: unknown[]) => e[0] === l[0]));
    expect(pdfRows.map((l) => [l[0], Number(l.at(-4)), Number(l.at(-1))])).toEqual(expected);
  });

  it('onboarded customers: exports equal the filterByDays answer, scoped to the sales rep’s customers', async () => {
    await db()
      .insert(customers)
      .values({ name: 'Gamma Clinic', createdAt: new Date(now().getTime() - 2 * DAY) });
    for (const token of [admin, salesA]) {
      const page = (
        await t.app.inject({
          method: 'POST',
          url: '/api/ha/onboardedCustomers/filterByDays',
          headers: as(token),
          payload: { days: 7 },
        })
      ).json().result;
      const { csv, xlsx, pdf } = await allExports(token, 'onboarded-customers', { days: 7 });
      const expected = page.customers.map((c: { name: string; sites: number; devices: number }) => [
        c.name,
        c.sites,
        c.devices,
      ]);
      expect(csv.slice(1).map((r) => [r[0], Number(r[3]), Number(r[4])])).toEqual(expected);
      expect(xlsx.slice(1).map((r) => [r[0], r[3], r[4]])).toEqual(expected);
      expect(pdf.map((l) => l.join(' ')).join('\n')).toContain(`Customers onboarded: ${page.total}`);
      if (token === salesA) expect(csv.flat()).not.toContain('Gamma Clinic');
      else expect(csv.flat()).toContain('Gamma Clinic');
    }
    expect((await exportOf(customerAdminA, 'onboarded-customers', 'pdf', { days: 7 })).statusCode).toBe(403);
  });

  it('failed files: exports equal ha/failedFilesReport/filter with the same filter; another customer’s files never appear', async () => {
    const filter = { reason: 'DICOM', outcome: 'failed' };
    for (const [token, body] of [
      [customerAdminA, {}],
      [admin, filter],
    ] as const) {
      const page = (
        await t.app.inject({
          method: 'POST',
          url: '/api/ha/failedFilesReport/filter',
          headers: as(token),
          payload: { ...body, pageSize: 500 },
        })
      ).json().result;
      const { csv, xlsx, pdf } = await allExports(token, 'failed-files', body);
      const expected = page.rows.map((r: { receivedAt: string; fileName: string; reason: string }) => [
        r.receivedAt,
        r.fileName,
        r.reason,
      ]);
      expect(csv.slice(1).map((r) => [r[0], r[1], r[3]])).toEqual(expected);
      expect(xlsx.slice(1).map((r) => [r[0], r[1], r[3]])).toEqual(expected);
      const pdfText = pdf.map((l) => l.join(' ')).join('\n');
      expect(pdfText).toContain(`Files: ${page.total}`);
      for (const r of page.rows) expect(pdfText).toContain(r.fileName);
    }
    const { csv } = await allExports(customerAdminA, 'failed-files');
    expect(
      csv
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual(['alpha-1.dcm', 'alpha-2.dcm']);
  });

  it('refuses bad filters and formats with a 400 naming the field', async () => {
    const cases: [string, string, object, string][] = [
      ['failed-files', 'csv', { from: '2026-13-01' }, 'from'],
      ['failed-files', 'pdf', { from: '2020-01-01', to: '2019-01-01' }, 'to'],
      ['logins', 'xlsx', { from: '1890-01-01' }, 'from'],
      ['onboarded-customers', 'csv', { days: 99999 }, 'days'],
      ['tubes', 'doc', {}, 'format'],
      ['tubes', 'csv', { unknownField: 1 }, 'unknownField'],
      ['device-status', 'csv', { siteId: '1e3' }, 'siteId'],
    ];
    for (const [report, format, body, field] of cases) {
      const r = await exportOf(admin, report, format, body);
      expect(r.statusCode, `${report} ${JSON.stringify(body)}`).toBe(400);
      expect(r.body).toContain(field);
    }
  });
});
