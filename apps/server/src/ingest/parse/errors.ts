/**
 * dicom-parser throws strings and Errors written for developers; the ingest log shows reasons to
 * service engineers. Known ones are reworded; the rest keep the parser's words after a prefix.
 */
const KNOWN: [RegExp, string][] = [
  [
    /DICM prefix not found/,
    "not a DICOM file: no 'DICM' marker at byte 128 (file meta information is missing)",
  ],
  [
    /missing required meta header attribute 0002,0010/,
    'the file meta information has no Transfer Syntax UID (0002,0010)',
  ],
  [
    /no inflater|invalid (stored|block)|incorrect header check|unexpected end of file/i,
    'the deflated data set cannot be inflated',
  ],
  [
    /Cannot create a Buffer larger|maxOutputLength|Memory limit/i,
    'the deflated data set inflates to more than 64 MB',
  ],
  [
    /attempt to read past end of buffer|buffer overrun|cannot seek|invalid value for parameter|cannot be greater than/i,
    'truncated or corrupt: a length field points past the end of the data',
  ],
  [/Maximum call stack/i, 'corrupt: sequences nested too deeply'],
];

export function describeParserError(err: unknown): string {
  // parseDicom wraps what went wrong as { exception, dataSet }.
  const inner = typeof err === 'object' && err !== null && 'exception' in err ? err.exception : err;
  const message = typeof inner === 'string' ? inner : inner instanceof Error ? inner.message : String(inner);
  for (const [pattern, reason] of KNOWN) if (pattern.test(message)) return reason;
  return `unreadable DICOM data: ${message.replace(/^dicomParser\.\w+: /, '').slice(0, 200)}`;
}
