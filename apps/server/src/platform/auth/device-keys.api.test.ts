import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { makeCustomer, makeDevice, makeSite } from '../../test/factories';
import { issueDeviceKey, verifyDeviceKey } from './device-keys';

describe('device keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('verifies the key issued last, and nothing else', async () => {
    const c = await makeCustomer(t.database.db);
    const s = await makeSite(t.database.db, c.id);
    const d = await makeDevice(t.database.db, s);
    const first = await issueDeviceKey(t.database.db, d.id, new Date());
    expect(await verifyDeviceKey(t.database.db, first)).toEqual({ id: d.id, customerId: c.id, siteId: s.id });
    const second = await issueDeviceKey(t.database.db, d.id, new Date()); // rotation
    expect(await verifyDeviceKey(t.database.db, first)).toBeNull();
    expect(await verifyDeviceKey(t.database.db, second)).not.toBeNull();
    const tampered = `${second.slice(0, -1)}${second.endsWith('A') ? 'B' : 'A'}`; // one character changed
    expect(await verifyDeviceKey(t.database.db, tampered)).toBeNull();
    expect(await verifyDeviceKey(t.database.db, `kd_999999_${'x'.repeat(43)}`)).toBeNull();
    expect(await verifyDeviceKey(t.database.db, undefined)).toBeNull();
    // An id past 32 bits is no device's, not a database error.
    expect(await verifyDeviceKey(t.database.db, `kd_9999999999_${'x'.repeat(43)}`)).toBeNull();
  });
});
