import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, login, type TestApp } from '../../test/app';
import { asObject } from '../../test/dicom-edit';
import { fixture, GE_PRESENTATION, GE_PROCESSING, GE_SECOND } from '../../test/dicom-files';
import { makeCustomer, makeUser, TEST_PASSWORD } from '../../test/factories';

const BOUNDARY = '----kestrel-form';

/** multipart/form-data as a browser sends dropped files. */
function formData(files: { name: string; bytes: Buffer }[]) {
  const chunks: Buffer[] = [];
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

describe('POST /api/ingest/upload', () => {
  let t: TestApp;
  let service: string;
  let customerAdmin: string;
  beforeAll(async () => {
    t = await buildTestApp({ UPLOAD_MAX_BYTES: '100000' });
    const customer = await makeCustomer(t.app.db);
    service = await login(t.app, (await makeUser(t.app.db, { role: 'service' })).email, TEST_PASSWORD);
    const admin = await makeUser(t.app.db, { role: 'customer_admin', customerId: customer.id });
    customerAdmin = await login(t.app, admin.email, TEST_PASSWORD);
  });
  afterAll(() => t.close());

  const upload = (files: { name: string; bytes: Buffer }[], token = service) => {
    const { payload, headers } = formData(files);
    return t.app.inject({
      method: 'POST',
      url: '/api/ingest/upload',
      payload,
      headers: { ...headers, ...as(token) },
    });
  };

  it('answers per file, in order: stored, duplicate (the other copy of the exposure), failed with a reason', async () => {
    const r = await upload([
      { name: 'presentation.dcm', bytes: fixture(GE_PRESENTATION) },
      { name: 'processing.dcm', bytes: fixture(GE_PROCESSING) },
      { name: 'notes.txt', bytes: Buffer.from('shopping list: milk, eggs') },
      { name: 'second.dcm', bytes: fixture(GE_SECOND) },
    ]);
    expect(r.statusCode).toBe(200);
    const files = r.json().result.files;
    expect(files.map((f: { fileName: string; outcome: string }) => [f.fileName, f.outcome])).toEqual([
      ['presentation.dcm', 'stored'],
      ['processing.dcm', 'duplicate'],
      ['notes.txt', 'failed'],
      ['second.dcm', 'stored'],
    ]);
    expect(files[0]).toMatchObject({
      sizeBytes: fixture(GE_PRESENTATION).length,
      reason: null,
      deviceSerial: '87654',
      sopInstanceUid: '1.3.6.1.4.1.5962.99.1.1270844358.1571783457.1525984267206.8.0',
    });
    expect(files[2].reason).toMatch(/too short|not a DICOM file/);
  });

  it('refuses files over UPLOAD_MAX_BYTES with 413 and a message naming the limit', async () => {
    const many = Array.from({ length: 6 }, (_, i) => ({
      name: `${i}.dcm`,
      bytes: asObject(fixture(GE_PRESENTATION), 900 + i),
    }));
    const r = await upload(many);
    expect(r.statusCode).toBe(413);
    expect(r.json().message).toMatch(/larger than the limit of 0\.1 MB \(UPLOAD_MAX_BYTES\)/);
  });

  it('is for provider administrators and service engineers only', async () => {
    const r = await upload([{ name: 'a.dcm', bytes: fixture(GE_SECOND) }], customerAdmin);
    expect(r.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/ingest/upload', ...formData([]) });
    expect(anonymous.statusCode).toBe(401);
  });
});
