import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ColumnsOf, ColumnValue, SqlName } from './rows';
import type { ingestLog, rollupDeviceDay, technologists } from './schema';

/** Checked by the type checker (npm run typecheck); the runtime assertions keep the test honest. */
describe('row types derived from the Drizzle tables', () => {
  it('name columns as the SQL does', () => {
    expectTypeOf<SqlName<'agdViewSum'>>().toEqualTypeOf<'agd_view_sum'>();
    expectTypeOf<SqlName<'id'>>().toEqualTypeOf<'id'>();
    expect('agdViewSum'.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)).toBe('agd_view_sum');
  });

  it('type each column as the table does, nullable where it may be null', () => {
    expectTypeOf<ColumnsOf<typeof rollupDeviceDay, 'siteId' | 'exams' | 'agdViewSum'>>().toEqualTypeOf<{
      site_id: number | null;
      exams: number;
      agd_view_sum: number[];
    }>();
    expectTypeOf<ColumnValue<typeof technologists.mergedIntoId>>().toEqualTypeOf<number | null>();
    // Raw rows skip Drizzle's conversions: bigint may come as text, a date as a Date.
    expectTypeOf<ColumnValue<typeof ingestLog.id>>().toEqualTypeOf<number | string>();
    expectTypeOf<ColumnValue<typeof rollupDeviceDay.day>>().toEqualTypeOf<string | Date>();
  });
});
