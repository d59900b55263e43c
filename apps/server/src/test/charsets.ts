import iconv from 'iconv-lite';

/**
 * Text encoded as devices write it in each Specific Character Set, for tests (iconv-lite encodes;
 * the server decodes with its own code, parse/charset.ts).
 */
const ESC = 0x1b;

/** JIS X 0208 in ISO 2022 (ISO 2022 IR 87): two-byte runs between ESC $ B and ESC ( B. */
export function iso2022Jp(text: string): Buffer {
  const out: number[] = [];
  let kanji = false;
  for (const ch of text) {
    if (ch.charCodeAt(0) < 0x80) {
      if (kanji) out.push(ESC, 0x28, 0x42);
      kanji = false;
      out.push(ch.charCodeAt(0));
      continue;
    }
    // EUC-JP holds JIS X 0208 with the high bit set.
    const euc = iconv.encode(ch, 'euc-jp');
    if (euc.length !== 2) throw new Error(`not in JIS X 0208: ${ch}`);
    if (!kanji) out.push(ESC, 0x24, 0x42);
    kanji = true;
    out.push(euc[0]! & 0x7f, euc[1]! & 0x7f);
  }
  if (kanji) out.push(ESC, 0x28, 0x42);
  return Buffer.from(out);
}

export interface CharsetCase {
  /** (0008,0005) as written, values separated by '\'. */
  specificCharacterSet: string;
  institution: string;
  station: string;
  encode(text: string): Buffer;
}

export const CHARSET_CASES: CharsetCase[] = [
  {
    specificCharacterSet: 'ISO_IR 192',
    institution: 'Klinikum Göttingen – 放射科',
    station: 'MAMMO-Ü1',
    encode: (t) => Buffer.from(t, 'utf8'),
  },
  {
    specificCharacterSet: 'ISO_IR 100',
    institution: 'Hôpital Saint-Éloi',
    station: 'SÉNO-2',
    encode: (t) => iconv.encode(t, 'latin1'),
  },
  {
    specificCharacterSet: 'GB18030',
    institution: '北京协和医院',
    station: '乳腺机房3',
    encode: (t) => iconv.encode(t, 'gb18030'),
  },
  {
    specificCharacterSet: '\\ISO 2022 IR 87',
    institution: '東京女子医科大学病院',
    station: 'マンモ1',
    encode: iso2022Jp,
  },
];
