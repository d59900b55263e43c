import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// PDF.js reads the metrics of the standard 14 fonts (the Helvetica of pdfkit) from its package.
const standardFontDataUrl = `${dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;

/**
 * The text of a PDF as lines, each the list of its text pieces left to right, read with Mozilla's
 * PDF.js (the reader browsers use): a table row of a report is one line, one piece per cell.
 */
export async function pdfLines(bytes: Uint8Array): Promise<string[][]> {
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl,
    useSystemFonts: false,
    isEvalSupported: false,
  }).promise;
  const lines: string[][] = [];
  try {
    for (let p = 1; p <= doc.numPages; p++) {
      const page = await doc.getPage(p);
      const content = await page.getTextContent();
      const rows = new Map<number, { x: number; s: string }[]>();
      for (const item of content.items) {
        if (!('str' in item) || !item.str.trim()) continue;
        const y = Math.round(item.transform[5] as number);
        rows.set(y, [...(rows.get(y) ?? []), { x: item.transform[4] as number, s: item.str.trim() }]);
      }
      // PDF y grows upwards: the top line has the largest y.
      for (const y of [...rows.keys()].sort((a, b) => b - a))
        lines.push(
          rows
            .get(y)!
            .sort((a, b) => a.x - b.x)
            .map((i) => i.s),
        );
    }
  } finally {
    await doc.destroy();
  }
  return lines;
}

/** All text of a PDF, one line per text line. */
export const pdfText = async (bytes: Uint8Array) =>
  (await pdfLines(bytes)).map((l) => l.join(' ')).join('\n');
