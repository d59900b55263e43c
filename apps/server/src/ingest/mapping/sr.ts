import type { DicomHeader } from './header';

/**
 * Reading a structured report's content tree (PS3.3 C.17.3): each content item names its
 * concept with a code and carries one value (code, number with units, text, UID, date-time).
 */
export interface ContentItem {
  /** Concept name code value, e.g. '111631' (Average Glandular Dose). */
  concept: string | undefined;
  valueType: string | undefined;
  item: DicomHeader;
}

export function children(h: DicomHeader): ContentItem[] {
  return h.items('ContentSequence').map((item) => ({
    concept: item.items('ConceptNameCodeSequence')[0]?.text('CodeValue'),
    valueType: item.text('ValueType')?.toUpperCase(),
    item,
  }));
}

export const childrenOf = (h: DicomHeader, concept: string) =>
  children(h).filter((c) => c.concept === concept);

export const childOf = (h: DicomHeader, concept: string): ContentItem | undefined =>
  children(h).find((c) => c.concept === concept);

/** The coded value of a CODE item: its code value and meaning. */
export function codeOf(c: ContentItem | undefined): { value: string; meaning: string } | undefined {
  const code = c?.item.items('ConceptCodeSequence')[0];
  const value = code?.text('CodeValue');
  return value ? { value, meaning: code?.text('CodeMeaning') ?? '' } : undefined;
}

export const textOf = (c: ContentItem | undefined): string | undefined =>
  c
    ? (c.item.text('UID') ?? c.item.text('DateTime') ?? c.item.text('TextValue') ?? c.item.text('PersonName'))
    : undefined;

/** UCUM units → factor to Kestrel's unit for each quantity (mGy, mAs, ms, mA, kV, mm, N, kPa). */
const UNIT_FACTORS: Record<string, Record<string, number>> = {
  dose: { mGy: 1, Gy: 1000, dGy: 100, cGy: 10, uGy: 0.001 },
  charge: { mAs: 1, uAs: 0.001, As: 1000 },
  time: { ms: 1, s: 1000, us: 0.001 },
  current: { mA: 1, uA: 0.001, A: 1000 },
  voltage: { kV: 1, V: 0.001 },
  length: { mm: 1, cm: 10, m: 1000, um: 0.001 },
  force: { N: 1, daN: 10, kN: 1000 },
  pressure: { kPa: 1, Pa: 0.001, hPa: 0.1, mbar: 0.1 },
};
export type Quantity = keyof typeof UNIT_FACTORS | 'count';

/**
 * A unit as devices write it → the form UNIT_FACTORS knows. UCUM writes products with a dot:
 * the RDSR templates give Exposure (113736) in 'uA.s' (TID 10003B), some devices 'uAs' or
 * 'µAs' (micro sign or Greek mu).
 */
const ucumUnit = (unit: string) =>
  unit
    .trim()
    .replace(/[\u00b5\u03bc]/g, 'u')
    .replace(/\.(?=[A-Za-z])/g, '');

/**
 * A NUM item's value in Kestrel's unit for the quantity. Units the SR does not state are taken
 * as ours; units we do not know make the value unknown rather than wrong by a factor.
 */
export function numberOf(c: ContentItem | undefined, quantity: Quantity): number | undefined {
  const measured = c?.item.items('MeasuredValueSequence')[0];
  const value = measured?.number('NumericValue');
  if (value === undefined || quantity === 'count') return value;
  const unit = measured?.items('MeasurementUnitsCodeSequence')[0]?.text('CodeValue');
  if (!unit) return value;
  const factor = UNIT_FACTORS[quantity]?.[ucumUnit(unit)];
  return factor === undefined ? undefined : value * factor;
}
