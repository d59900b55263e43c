import { generateFleet } from '@kestrel/fleet-sim';
import { sendHeartbeats } from '@kestrel/fleet-sim/send';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../platform/db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { makeCustomer, makeDevice, makeSite, makeUser, TEST_PASSWORD } from '../../test/factories';

/** The fleet simulator's heartbeats against the real HTTP server: sign in, key each device, beat. */
describe('fleet simulator heartbeats', () => {
  let t: TestApp;
  let http: string;
  const fleet = generateFleet({ seed: 'sim-heartbeats', devices: 3, days: 3 });
  const sim = { ...fleet, devices: fleet.devices.slice(0, 3) };
  beforeAll(async () => {
    t = await buildTestApp();
    const c = await makeCustomer(t.database.db);
    const s = await makeSite(t.database.db, c.id);
    // Kestrel knows two of the three (the third has never sent anything).
    for (const d of sim.devices.slice(0, 2)) {
      await makeDevice(t.database.db, s, { serial: d.serial, manufacturer: d.manufacturer, model: d.model });
    }
    await makeUser(t.database.db, { role: 'service', email: 'sim-service@test.kestrel' });
    await makeUser(t.database.db, { role: 'sales', email: 'sim-sales@test.kestrel' });
    http = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('keys and beats every device Kestrel knows, with its software version', async () => {
    const r = await sendHeartbeats(sim, { http, email: 'sim-service@test.kestrel', password: TEST_PASSWORD });
    expect(r).toEqual({ sent: 2, unknown: 1 });
    const rows = await t.database.db.select().from(devices).where(eq(devices.serial, sim.devices[0]!.serial));
    expect(rows[0]!.lastHeartbeatAt).not.toBeNull();
    expect(rows[0]!.softwareVersion).toBe(sim.devices[0]!.softwareVersion);
    expect(rows[0]!.connectionStatus).toBe('GREEN');
  });

  it('beats nothing for an account that sees none of the devices, and says why sign-in fails', async () => {
    // A sales user outside every customer sees no devices: nothing is keyed, nothing rotated.
    const r = await sendHeartbeats(sim, { http, email: 'sim-sales@test.kestrel', password: TEST_PASSWORD });
    expect(r).toEqual({ sent: 0, unknown: 3 });
    await expect(
      sendHeartbeats(sim, { http, email: 'sim-service@test.kestrel', password: 'wrong' }),
    ).rejects.toThrow(/POST .*\/api\/login: 401/);
  });
});
