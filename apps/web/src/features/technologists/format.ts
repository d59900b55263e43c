/** Measures as the tables show them; a missing value is a dash, never 0. */
export const fmt = (v: number | null | undefined, digits = 0, unit = '') =>
  v === null || v === undefined
    ? '—'
    : `${v.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits })}${unit}`;
