import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const standardFontDataUrl = `${dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;

/** The text of a downloaded PDF as lines of text pieces (left to right), read with Mozilla's PDF.js. */
export async function pdfLines(bytes: Uint8Array): Promise<string[][]> {
  const doc = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, isEvalSupported: false })
    .promise;
  const lines: string[][] = [];
  try {
    for (let p = 1; p <= doc.numPages; p++) {
      const content = await (await doc.getPage(p)).getTextContent();
      const rows = new Map<number, { x: number; s: string }[]>();
      for (const item of content.items) {
        if (!('str' in item) || !item.str.trim()) continue;
        const y = Math.round(item.transform[5] as number);
        rows.set(y, [...(rows.get(y) ?? []), { x: item.transform[4] as number, s: item.str.trim() }]);
      }
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
