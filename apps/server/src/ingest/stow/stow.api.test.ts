import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { issueDeviceKey } from '../../platform/auth/device-keys';
import { devices, imageFacts, ingestLog } from '../../platform/db/schema';
import { as, buildTestApp, login, type TestApp } from '../../test/app';
import { asObject, setValue } from '../../test/dicom-edit';
import { fixture, GE_PRESENTATION, GE_SECOND } from '../../test/dicom-files';
import { makeCustomer, makeDevice, makeSite, makeUser, TEST_PASSWORD } from '../../test/factories';

const BOUNDARY = 'kestrel-test-boundary';
const CONTENT_TYPE = `multipart/related; type="application/dicom"; boundary=${BOUNDARY}`;

/** A multipart/related body as a DICOMweb client builds it (PS3.18 §8.6.1.2). */
function multipartBody(parts: Buffer[]): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Type: application/dicom\r\n\r\n`),
      p,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

const seq = (body: Record<string, { Value?: Record<string, { Value?: unknown[] }>[] }>, tag: string) =>
  (body[tag]?.Value ?? []).map((item) => ({
    sopInstanceUid: item['00081155']?.Value?.[0],
    reason: item['00081197']?.Value?.[0],
  }));

describe('STOW-RS POST /dicomweb/studies', () => {
  let t: TestApp;
  let adminToken: string;
  let customerToken: string;
  let deviceKey: string;
  let device: { id: number; siteId: number | null };
  beforeAll(async () => {
    t = await buildTestApp({ UPLOAD_MAX_BYTES: '200000' });
    const customer = await makeCustomer(t.app.db);
    const site = await makeSite(t.app.db, customer.id);
    // The device of the GE fixtures (Manufacturer and Device Serial Number as they carry them).
    device = await makeDevice(t.app.db, site, { manufacturer: 'GE MEDICAL SYSTEMS', serial: '87654' });
    deviceKey = await issueDeviceKey(t.app.db, device.id, new Date());
    const admin = await makeUser(t.app.db, { role: 'service' });
    const user = await makeUser(t.app.db, { role: 'customer_admin', customerId: customer.id });
    adminToken = await login(t.app, admin.email, TEST_PASSWORD);
    customerToken = await login(t.app, user.email, TEST_PASSWORD);
  });
  afterAll(() => t.close());

  const post = (parts: Buffer[], headers: Record<string, string>, contentType = CONTENT_TYPE) =>
    t.app.inject({
      method: 'POST',
      url: '/dicomweb/studies',
      headers: { 'content-type': contentType, ...headers },
      payload: multipartBody(parts),
    });

  it('stores every instance with a device key: 200 and the Referenced SOP Sequence', async () => {
    const r = await post([fixture(GE_PRESENTATION), fixture(GE_SECOND)], { 'x-device-key': deviceKey });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/application\/dicom\+json/);
    const body = r.json();
    expect(seq(body, '00081199').map((x) => x.sopInstanceUid)).toEqual([
      '1.3.6.1.4.1.5962.99.1.1270844358.1571783457.1525984267206.8.0',
      expect.any(String),
    ]);
    expect(body['00081198']).toBeUndefined();
  });

  it("refuses another device's instances sent with a key: Failure Reason 0x0124, nothing stored", async () => {
    const warn = vi.spyOn(t.app.log, 'warn');
    const other = asObject(fixture(GE_PRESENTATION), 7101);
    setValue(other, '0018,1000', '12345');
    const [facts, known] = [await t.app.db.$count(imageFacts), await t.app.db.$count(devices)];
    const r = await post([other], { 'x-device-key': deviceKey });
    expect(r.statusCode).toBe(409);
    expect(seq(r.json(), '00081198')).toEqual([{ sopInstanceUid: expect.any(String), reason: 0x0124 }]);
    const reason = `refused: this device key belongs to device ${device.id} (GE MEDICAL SYSTEMS serial 87654); the image is from GE MEDICAL SYSTEMS serial 12345`;
    const [log] = await t.app.db.select().from(ingestLog).orderBy(desc(ingestLog.id)).limit(1);
    expect(log).toMatchObject({
      door: 'stow',
      outcome: 'failed',
      reason,
      deviceId: device.id,
      siteId: device.siteId,
    });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(reason));
    expect([await t.app.db.$count(imageFacts), await t.app.db.$count(devices)]).toEqual([facts, known]);
    // With one of its own: 202, the other listed as failed.
    const mixed = await post([asObject(fixture(GE_PRESENTATION), 7102), other], {
      'x-device-key': deviceKey,
    });
    expect(mixed.statusCode).toBe(202);
    expect(seq(mixed.json(), '00081198').map((x) => x.reason)).toEqual([0x0124]);
    // A service engineer may store any device's objects (and onboard a new one as pending).
    expect((await post([other], as(adminToken))).statusCode).toBe(200);
    warn.mockRestore();
  });

  it('answers 202 with a Failed SOP Sequence and reasons when some instances fail', async () => {
    const garbage = Buffer.from('this is not a DICOM file at all, just some text');
    const r = await post([asObject(fixture(GE_PRESENTATION), 7001), garbage], as(adminToken));
    expect(r.statusCode).toBe(202);
    const body = r.json();
    expect(seq(body, '00081199')).toHaveLength(1);
    expect(seq(body, '00081198')).toEqual([{ sopInstanceUid: undefined, reason: 0xc000 }]);
  });

  it('answers 409 when nothing could be stored', async () => {
    const r = await post([Buffer.alloc(300, 7)], as(adminToken));
    expect(r.statusCode).toBe(409);
    expect(seq(r.json(), '00081198')).toHaveLength(1);
  });

  it('refuses another media type (415) and an unknown boundary (400)', async () => {
    const wrongType = await post(
      [fixture(GE_SECOND)],
      as(adminToken),
      `multipart/related; type="application/dicom+xml"; boundary=${BOUNDARY}`,
    );
    expect(wrongType.statusCode).toBe(415);
    const json = await post([fixture(GE_SECOND)], as(adminToken), 'application/json');
    expect(json.statusCode).toBe(415);
    const noBoundary = await post(
      [fixture(GE_SECOND)],
      as(adminToken),
      'multipart/related; type="application/dicom"; boundary=other',
    );
    expect(noBoundary.statusCode).toBe(400);
  });

  it('needs a device key or a provider/service session (401), and the right role (403)', async () => {
    expect((await post([fixture(GE_SECOND)], {})).statusCode).toBe(401);
    expect(
      (await post([fixture(GE_SECOND)], { 'x-device-key': `${deviceKey.slice(0, -1)}x` })).statusCode,
    ).toBe(401);
    expect((await post([fixture(GE_SECOND)], as('not-a-token'))).statusCode).toBe(401);
    const r = await post([fixture(GE_SECOND)], as(customerToken));
    expect(r.statusCode).toBe(403);
  });

  it('refuses a request larger than UPLOAD_MAX_BYTES with 413 and says the limit', async () => {
    const parts = Array.from({ length: 10 }, (_, i) => asObject(fixture(GE_PRESENTATION), 8000 + i));
    const r = await post(parts, as(adminToken));
    expect(r.statusCode).toBe(413);
    expect(r.json().message).toMatch(/limit of 0\.2 MB \(UPLOAD_MAX_BYTES\)/);
  });
});
