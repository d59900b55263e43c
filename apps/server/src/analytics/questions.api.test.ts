import { type WidgetAnswer, widgetCatalogue } from '@kestrel/contract';
import { generateFleet } from '@kestrel/fleet-sim';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFleet } from '../demo/load-fleet';
import { storeBatch } from '../ingest/store';
import { rowsOf } from '../platform/db/rows';
import { buildTestApp, type TestApp } from '../test/app';
import { granularityOf } from './context';
import { addDays } from './ladder';
import type { QuestionContext, TubeOptions } from './question';
import { questions } from './registry';
import { foldPending } from './rollups';

/**
 * Every widget's answer from rollups equals the same question asked of the raw facts, for random
 * ranges and site filters. Numbers are compared as displayed: sums taken in another order may
 * differ in the last binary digit, which can move a rounded value by one unit of its last digit.
 */
function same(a: unknown, b: unknown, path = 'answer'): string | null {
  if (typeof a === 'number' && typeof b === 'number') {
    if (a === b) return null;
    const digits = Math.max(...[a, b].map((n) => (String(n).split('.')[1] ?? '').length));
    return Math.abs(a - b) <= 1.0001 * 10 ** -digits && digits > 0 ? null : `${path}: ${a} ≠ ${b}`;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return `${path}: length ${a.length} ≠ ${b.length}`;
    for (let i = 0; i < a.length; i++) {
      const d = same(a[i], b[i], `${path}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) {
      const d = same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`);
      if (d) return d;
    }
    return null;
  }
  return a === b ? null : `${path}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`;
}

const END = '2026-03-05';
const DAYS = 120;

describe('widget questions: rollups agree with raw facts', () => {
  let t: TestApp;
  let siteIds: number[];
  beforeAll(async () => {
    t = await buildTestApp();
    const fleet = generateFleet({ seed: 'questions', devices: 14, days: DAYS });
    await loadFleet(t.database.db, fleet, { now: new Date(`${END}T22:00:00Z`), days: DAYS });
    const db = t.database.db;
    // Rejections that arrive after their images, and a merged technologist.
    const late = rowsOf<{ uid: string }>(
      await db.execute(
        sql`select sop_instance_uid as uid from image_facts where not rejected order by id desc limit 4`,
      ),
    );
    await db.transaction((tx) =>
      storeBatch(tx, {
        images: [],
        rejections: [
          {
            sopInstanceUid: '9.9.1',
            titleCode: '113001',
            reasonCode: '111212',
            reason: 'Over exposed',
            referencedSopInstanceUids: late.map((r) => r.uid),
            device: null,
          },
        ],
        receivedAt: new Date(),
      }),
    );
    await db.execute(sql`update technologists set merged_into_id = (select min(id) from technologists t2 where t2.site_id = technologists.site_id)
      where id in (select max(id) from technologists group by site_id)`);
    // Questions are asked directly here, not through widgetData, which folds what is queued first.
    await foldPending(db);
    siteIds = rowsOf<{ id: number }>(await db.execute(sql`select id from sites order by id`)).map((r) =>
      Number(r.id),
    );
  }, 300_000);
  afterAll(() => t.close());

  const context = (
    from: string,
    to: string,
    sites: number[] | null,
    limit: number,
  ): QuestionContext<TubeOptions> => ({
    db: t.database.db,
    from,
    to,
    sites,
    options: { limit, tubeLifeYellow: 61, tubeLifeRed: 31 },
    granularity: granularityOf(from, to),
    now: new Date(`${END}T22:00:00Z`),
    connection: { yellowMinutes: 30, redMinutes: 1440 },
  });

  it('covers every widget of the catalogue', () => {
    expect(widgetCatalogue.map((w) => w.id).filter((id) => !questions.has(id))).toEqual([]);
  });

  it('has data to compare (the fleet is not empty in the range)', async () => {
    const answer = await questions.get(9049)!.answer(context(addDays(END, -DAYS + 1), END, null, 50));
    expect(
      answer.kind === 'categories' && answer.series[0]!.data.reduce((a, b) => (a ?? 0) + (b ?? 0), 0),
    ).toBeGreaterThan(500);
  });

  /** Ranges inside the data (and a little past its end). */
  const inData = fc
    .tuple(fc.integer({ min: 0, max: DAYS + 20 }), fc.integer({ min: 0, max: DAYS + 20 }))
    .map(([a, b]) => [addDays(END, -Math.max(a, b)), addDays(END, -Math.min(a, b) + 10)] as const);
  /**
   * Ranges of most of a year, which the ladder reads as a year less its other months and days —
   * parts that hold data, and whole groups (sites, technologists) that cancel out: data from
   * 2025-11-06 on, ranges from early 2025 to between 2025-10 and 2026-02.
   */
  const longRange = fc
    .tuple(fc.integer({ min: 0, max: 150 }), fc.integer({ min: 0, max: 140 }))
    .map(([a, b]) => [addDays('2025-01-01', a), addDays('2025-10-01', b)] as const);

  for (const question of questions.values()) {
    it(`widget ${question.id}`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(inData, longRange),
          fc.option(fc.subarray([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]), {
            nil: null,
          }),
          fc.integer({ min: 3, max: 20 }),
          async ([from, to], sitePicks, limit) => {
            const sites = sitePicks === null ? null : sitePicks.map((i) => siteIds[i % siteIds.length]!);
            const ctx = context(from, to, sites, limit);
            const fromRollups: WidgetAnswer = await question.answer(ctx);
            const fromFacts: WidgetAnswer = await question.raw(ctx);
            const difference = same(fromRollups, fromFacts);
            if (difference) throw new Error(`${from}..${to} sites=${JSON.stringify(sites)}: ${difference}`);
          },
        ),
        { numRuns: 16, seed: question.id },
      );
    }, 120_000);
  }
});
