import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db';
import { rowsOf } from '../../platform/db/rows';
import { studies } from '../../platform/db/schema';
import { freshDatabase } from '../../test/database';
import { makeCustomer, makeDevice, makeSite } from '../../test/factories';
import { record, writeRows, writer } from './writer';

/** The batch writer both ingest paths write with (docs/ingest.md, "One writer"). */
describe('ingest writer', () => {
  let database: Database;
  let device: { id: number; siteId: number | null; customerId: number | null };
  beforeAll(async () => {
    database = await freshDatabase();
    const customer = await makeCustomer(database.db);
    const site = await makeSite(database.db, customer.id);
    device = await makeDevice(database.db, site);
  });
  afterAll(() => database.close());

  const study = (uid: string) =>
    record(studies, {
      studyInstanceUid: uid,
      customerId: device.customerId,
      siteId: device.siteId,
      deviceId: device.id,
      technologistId: null,
      startedAt: new Date('2026-02-01T10:00:00Z'),
      localDate: '2026-02-01',
      localHour: 10,
      procedure: 'screening',
      imageCount: 0,
    });
  const count = async (uid: string) =>
    rowsOf<{ n: number }>(
      await database.db.execute(
        sql`select count(*)::int as n from studies where study_instance_uid = ${uid}`,
      ),
    )[0]!.n;

  it('not strict (the full path): skips what exists and answers what it wrote', async () => {
    const first = await database.db.transaction((tx) =>
      writeRows(tx, { strict: false, new_studies: [study('9.1.1')] }),
    );
    expect([...first.studies.keys()]).toEqual([`9.1.1|${device.id}`]);
    const again = await database.db.transaction((tx) =>
      writeRows(tx, { strict: false, new_studies: [study('9.1.1'), study('9.1.2')] }),
    );
    expect([...again.studies.keys()]).toEqual([`9.1.2|${device.id}`]);
    expect(await count('9.1.1')).toBe(1);
  });

  it('strict (the fast path): a row that exists refuses the whole call, and nothing is written', async () => {
    const err = await database.db
      .transaction((tx) => writeRows(tx, { new_studies: [study('9.2.1'), study('9.1.1')] }))
      .then(
        () => null,
        (e: { cause?: { code?: string; message?: string } }) => e,
      );
    expect(err?.cause).toMatchObject({
      code: 'KF001',
      message: expect.stringMatching(/a study exists already/),
    });
    expect(await count('9.2.1')).toBe(0);
  });

  it('makes itself in a database that lacks it, and skips a call with nothing to write', async () => {
    await database.db.execute(sql.raw(`drop function ${writer().name}(jsonb)`));
    const none = await database.db.transaction((tx) => writeRows(tx, { strict: false, new_studies: [] }));
    expect(none.studies.size).toBe(0);
    const made = await database.db.transaction((tx) =>
      writeRows(tx, { strict: false, new_studies: [study('9.3.1')] }),
    );
    expect(made.studies.size).toBe(1);
  });
});
