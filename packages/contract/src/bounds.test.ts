import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  boundedRange,
  id,
  idText,
  instantText,
  intText,
  isoDate,
  latestDate,
  line,
  paragraph,
} from './bounds';

const ok = (s: z.ZodType, v: unknown) => s.safeParse(v).success;

describe('input bounds', () => {
  it('ids are positive 32-bit integers; in text, decimal digits only', () => {
    expect(ok(id, 1)).toBe(true);
    expect(ok(id, 2_147_483_647)).toBe(true);
    for (const bad of [0, -1, 1.5, 2_147_483_648, Number.NaN]) expect(ok(id, bad), String(bad)).toBe(false);
    expect(idText.parse('42')).toBe(42);
    for (const bad of ['0x10', '1e3', ' 7', '7 ', '-1', '0', '2147483648', '', '99999999999999999999'])
      expect(ok(idText, bad), bad).toBe(false);
    expect(intText(0, 7).parse('0')).toBe(0);
    expect(ok(intText(0, 7), '8')).toBe(false);
  });

  it('text has a maximum length, no control characters and no lone surrogates', () => {
    expect(ok(line(5), 'hello')).toBe(true);
    expect(ok(line(5), 'Zoë😀')).toBe(true);
    for (const bad of ['toolong', 'a\u0000b', 'a\nb', '\u001b[2J', '\u0085', '\ud800'])
      expect(ok(line(6), bad), JSON.stringify(bad)).toBe(false);
    expect(ok(paragraph(20), 'two\nlines\tand tab')).toBe(true);
    expect(ok(paragraph(20), 'nul\u0000')).toBe(false);
  });

  it('dates lie between 1990 and a year from today', () => {
    expect(ok(isoDate, '2026-01-31')).toBe(true);
    expect(ok(isoDate, latestDate())).toBe(true);
    for (const bad of ['1989-12-31', '9999-12-31', '+010000-01-01', '2026-02-30', '2026-1-1', 'today'])
      expect(ok(isoDate, bad), bad).toBe(false);
    expect(ok(instantText, '2026-03-01T08:00:00Z')).toBe(true);
    for (const bad of ['9999-12-31T23:59:59Z', '1900-01-01T00:00:00Z', 'NaN', '2026-03-01'])
      expect(ok(instantText, bad), bad).toBe(false);
  });

  it('a range runs forwards and spans at most ten years; each bad field is reported, never thrown', () => {
    const range = boundedRange(z.object({ fromDateSelected: isoDate, toDateSelected: isoDate }));
    expect(ok(range, { fromDateSelected: '2026-01-01', toDateSelected: '2026-01-31' })).toBe(true);
    const backwards = range.safeParse({ fromDateSelected: '2026-02-01', toDateSelected: '2026-01-31' });
    expect(backwards.error?.issues.map((i) => i.path.join('.'))).toEqual(['toDateSelected']);
    expect(ok(range, { fromDateSelected: '1995-01-01', toDateSelected: '2026-01-01' })).toBe(false);
    const garbage = range.safeParse({ fromDateSelected: 'x', toDateSelected: '2026-01-01' });
    expect(new Set(garbage.error?.issues.map((i) => i.path.join('.')))).toEqual(
      new Set(['fromDateSelected']),
    );
  });
});
