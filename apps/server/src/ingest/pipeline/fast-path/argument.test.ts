import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchArgument } from './function';

/**
 * The fast path's argument carries row arrays as PostgreSQL array literals; the database must
 * read them exactly as it reads the same arrays written as JSON.
 */
describe('batchArgument', () => {
  let pglite: PGlite;
  beforeAll(async () => {
    pglite = new PGlite();
    await pglite.waitReady;
  });
  afterAll(() => pglite.close());

  const batch = {
    uids: ['1.2.3', '1.2.4'],
    device_ids: [3, 1],
    rows: [
      {
        day: '2026-05-04',
        n: [0, 2, 0, 1],
        sum: [1.858870029449463, 0, -3.25, 1e-7, 109.50900268554688, Number.MAX_VALUE],
        empty: [],
      },
      { day: '2026-05-05', n: [5], sum: [Number.NaN], empty: [] },
    ],
  };

  const read = async (argument: string) =>
    (
      await pglite.query<{ day: string; n: number[]; sum: (number | null)[]; empty: number[] }>(
        `select r.day::text as day, r.n, r.sum, r.empty
         from jsonb_to_recordset($1::jsonb->'rows') as r(day date, n int[], sum float8[], empty int[])`,
        [argument],
      )
    ).rows;

  it('rows read from literals equal rows read from JSON, NaN as NULL', async () => {
    const literal = batchArgument(batch);
    expect(literal).toContain('"n":"{0,2,0,1}"');
    expect(await read(literal)).toEqual(await read(JSON.stringify(batch)));
    expect((await read(literal))[0]!.sum).toEqual(batch.rows[0]!.sum);
    expect((await read(literal))[1]!.sum).toEqual([null]);
  });

  it('leaves the top-level arrays as JSON (the function reads them with jsonb functions)', () => {
    const parsed = JSON.parse(batchArgument(batch));
    expect(parsed.uids).toEqual(batch.uids);
    expect(parsed.device_ids).toEqual(batch.device_ids);
  });
});
