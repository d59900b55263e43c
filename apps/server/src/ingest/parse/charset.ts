/**
 * Text of an object in its Specific Character Set (0008,0005), PS3.3 C.12.1.1.2 and PS3.5 §6.1:
 * the defined terms with and without code extensions, decoded with the runtime's TextDecoder
 * (ICU). See docs/ingest.md "Character sets". Never throws: an unknown term reads as Latin-1.
 */

import { TextDecoder } from 'node:util';

/** Decodes one value's bytes (the bytes of an SH, LO, ST, LT, UT, PN or UC element). */
export type TextDecode = (bytes: Uint8Array) => string;

const decoders = new Map<string, TextDecoder>();
function decoderOf(encoding: string): TextDecoder {
  let d = decoders.get(encoding);
  if (!d) {
    d = new TextDecoder(encoding);
    decoders.set(encoding, d);
  }
  return d;
}

/** WHATWG's 'iso-8859-1' is windows-1252; DICOM's Latin-1 is ISO 8859-1 proper. */
const latin1: TextDecode = (b) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('latin1');
const ascii = latin1;
const decodeWith =
  (encoding: string): TextDecode =>
  (b) =>
    encoding === 'latin1' ? latin1(b) : decoderOf(encoding).decode(b);

/** Single-byte and multi-byte sets without code extensions (one term, not 'ISO 2022 …'). */
const PLAIN: Record<string, string> = {
  'ISO_IR 6': 'latin1',
  'ISO_IR 100': 'latin1',
  'ISO_IR 101': 'iso-8859-2',
  'ISO_IR 109': 'iso-8859-3',
  'ISO_IR 110': 'iso-8859-4',
  'ISO_IR 144': 'iso-8859-5',
  'ISO_IR 127': 'iso-8859-6',
  'ISO_IR 126': 'iso-8859-7',
  'ISO_IR 138': 'iso-8859-8',
  'ISO_IR 148': 'iso-8859-9',
  'ISO_IR 203': 'iso-8859-15',
  'ISO_IR 13': 'shift_jis',
  'ISO_IR 166': 'windows-874',
  'ISO_IR 192': 'utf-8',
  GB18030: 'gb18030',
  GBK: 'gbk',
};

/**
 * A code element of ISO 2022: what G0 (bytes below 0x80) or G1 (bytes from 0x80) holds.
 * 'jis0208' is two-byte G0 (ISO 2022 IR 87), decoded by ISO-2022-JP after its own escape.
 */
type G0 = 'ascii' | 'jis0208' | 'unsupported';
interface State {
  g0: G0;
  g1: string | null;
}

/** Escape sequences (after ESC) → the set they designate. */
const ESCAPES: [bytes: number[], change: Partial<State>][] = [
  [[0x28, 0x42], { g0: 'ascii' }], // ESC ( B  ISO 646 (ISO 2022 IR 6)
  [[0x28, 0x4a], { g0: 'ascii' }], // ESC ( J  JIS X 0201 Romaji (ISO 2022 IR 13)
  [[0x29, 0x49], { g1: 'shift_jis' }], // ESC ) I  JIS X 0201 Katakana (ISO 2022 IR 13)
  [[0x24, 0x42], { g0: 'jis0208' }], // ESC $ B  JIS X 0208 (ISO 2022 IR 87)
  [[0x24, 0x28, 0x44], { g0: 'unsupported' }], // ESC $ ( D  JIS X 0212 (ISO 2022 IR 159)
  [[0x24, 0x29, 0x43], { g1: 'euc-kr' }], // ESC $ ) C  KS X 1001 (ISO 2022 IR 149)
  [[0x24, 0x29, 0x41], { g1: 'gbk' }], // ESC $ ) A  GB 2312 (ISO 2022 IR 58)
  [[0x2d, 0x41], { g1: 'latin1' }], // ESC - A  ISO 2022 IR 100
  [[0x2d, 0x42], { g1: 'iso-8859-2' }],
  [[0x2d, 0x43], { g1: 'iso-8859-3' }],
  [[0x2d, 0x44], { g1: 'iso-8859-4' }],
  [[0x2d, 0x4c], { g1: 'iso-8859-5' }],
  [[0x2d, 0x47], { g1: 'iso-8859-6' }],
  [[0x2d, 0x46], { g1: 'iso-8859-7' }],
  [[0x2d, 0x48], { g1: 'iso-8859-8' }],
  [[0x2d, 0x4d], { g1: 'iso-8859-9' }],
  [[0x2d, 0x62], { g1: 'iso-8859-15' }],
  [[0x2d, 0x54], { g1: 'windows-874' }], // ESC - T  TIS 620 (ISO 2022 IR 166)
];

/** The state a term starts in when it is the first (default) value of (0008,0005). */
const INITIAL: Record<string, State> = {
  '': { g0: 'ascii', g1: null },
  'ISO 2022 IR 6': { g0: 'ascii', g1: null },
  'ISO 2022 IR 100': { g0: 'ascii', g1: 'latin1' },
  'ISO 2022 IR 101': { g0: 'ascii', g1: 'iso-8859-2' },
  'ISO 2022 IR 109': { g0: 'ascii', g1: 'iso-8859-3' },
  'ISO 2022 IR 110': { g0: 'ascii', g1: 'iso-8859-4' },
  'ISO 2022 IR 144': { g0: 'ascii', g1: 'iso-8859-5' },
  'ISO 2022 IR 127': { g0: 'ascii', g1: 'iso-8859-6' },
  'ISO 2022 IR 126': { g0: 'ascii', g1: 'iso-8859-7' },
  'ISO 2022 IR 138': { g0: 'ascii', g1: 'iso-8859-8' },
  'ISO 2022 IR 148': { g0: 'ascii', g1: 'iso-8859-9' },
  'ISO 2022 IR 203': { g0: 'ascii', g1: 'iso-8859-15' },
  'ISO 2022 IR 13': { g0: 'ascii', g1: 'shift_jis' },
  'ISO 2022 IR 166': { g0: 'ascii', g1: 'windows-874' },
  'ISO 2022 IR 87': { g0: 'jis0208', g1: null },
  'ISO 2022 IR 149': { g0: 'ascii', g1: 'euc-kr' },
  'ISO 2022 IR 58': { g0: 'ascii', g1: 'gbk' },
};

const ESC = 0x1b;
/** Bytes after which the initial sets apply again (PS3.5 §6.1.2.5.3): '\', CR, LF, FF, TAB, '^', '='. */
const RESETS = new Set([0x5c, 0x0d, 0x0a, 0x0c, 0x09, 0x5e, 0x3d]);

/**
 * The decoder for an object's Specific Character Set values (the terms of (0008,0005), as
 * read in the default repertoire). No value, or only ISO_IR 6: ASCII (read as Latin-1, as
 * devices that leave the attribute out mostly mean it).
 */
export function textDecoderFor(terms: string[]): TextDecode {
  const cleaned = terms.map((t) =>
    t
      .trim()
      .toUpperCase()
      .replace(/^ISO-IR/, 'ISO_IR'),
  );
  const first = cleaned[0] ?? '';
  const extended = cleaned.length > 1 || first.startsWith('ISO 2022');
  if (!extended) {
    const encoding = PLAIN[first];
    return encoding ? decodeWith(encoding) : latin1;
  }
  const initial = INITIAL[first] ?? INITIAL['']!;
  return (bytes) => decodeIso2022(bytes, initial);
}

function decodeIso2022(bytes: Uint8Array, initial: State): string {
  let state = { ...initial };
  let out = '';
  let start = 0;
  const flush = (end: number) => {
    if (end > start) out += decodeRun(bytes.subarray(start, end), state);
  };
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === ESC) {
      const match = ESCAPES.find(([seq]) => seq.every((s, k) => bytes[i + 1 + k] === s));
      flush(i);
      if (match) {
        state = { ...state, ...match[1] };
        i += match[0].length;
      }
      start = i + 1;
    } else if (state.g0 === 'ascii' && RESETS.has(b)) {
      flush(i + 1);
      state = { ...initial };
      start = i + 1;
    }
  }
  flush(bytes.length);
  return out;
}

/** One run of bytes under one designation: G0 below 0x80, G1 from 0x80. */
function decodeRun(run: Uint8Array, state: State): string {
  if (state.g0 === 'jis0208') {
    // ISO-2022-JP after its own escape decodes the two-byte JIS X 0208 pairs.
    const framed = new Uint8Array(run.length + 3);
    framed.set([ESC, 0x24, 0x42]);
    framed.set(run, 3);
    return decoderOf('iso-2022-jp').decode(framed);
  }
  if (state.g0 === 'unsupported') return '\uFFFD'.repeat(Math.ceil(run.length / 2));
  if (!state.g1) return ascii(run);
  let out = '';
  let i = 0;
  while (i < run.length) {
    const high = run[i]! >= 0x80;
    let j = i;
    while (j < run.length && run[j]! >= 0x80 === high) j++;
    const part = run.subarray(i, j);
    out += high ? decodeWith(state.g1)(part) : ascii(part);
    i = j;
  }
  return out;
}
