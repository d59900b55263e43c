/**
 * Operator names are DICOM PN ('Family^Given^Middle'). The key folds case and spacing so that
 * one person typed two ways is one technologist; the display form reads "Given Family".
 */
export function normaliseOperator(pn: string | undefined): { key: string; display: string } | null {
  if (!pn) return null;
  const first = pn.split('=')[0]!.trim(); // alphabetic representation only
  const parts = first.split('^').map((p) => p.trim().replace(/\s+/g, ' '));
  const [family = '', given = ''] = parts;
  if (!family && !given) return null;
  const key = [family, given].filter(Boolean).join('^').toUpperCase();
  const display = [given, family]
    .filter(Boolean)
    .map((w) => w.toLowerCase().replace(/(^|[\s'-])\p{L}/gu, (c) => c.toUpperCase()))
    .join(' ');
  return { key, display };
}
