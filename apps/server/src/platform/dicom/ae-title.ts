/**
 * AE titles (PS3.5 §6.2, VR AE): at most 16 characters of the default character repertoire
 * (ISO-IR 6, printable ASCII) except the backslash, leading and trailing spaces insignificant,
 * never only spaces. One rule for the titles senders announce, ours (DICOM_AE_TITLE) and those
 * of the allow-list: a title that breaks it is refused, never compared — control characters
 * would otherwise travel into log lines and the ingest log as they were sent.
 */
export const AE_TITLE = /^(?! *$)[\x20-\x5b\x5d-\x7e]{1,16}$/;

/** Why `title` is not an AE title (completing "AE title '…' …"), or null. */
export function aeTitleProblem(title: string): string | null {
  if ([...title].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f))
    return 'contains control characters';
  if (/[^\x20-\x7e]/.test(title)) return 'has characters outside the DICOM default character repertoire';
  if (title.includes('\\')) return 'contains a backslash';
  if (title.length > 16) return `is ${title.length} characters long (at most 16)`;
  if (!title.trim()) return 'is empty';
  return null;
}

/** Text as it may go into a log: anything unprintable (and the backslash) as an escape. */
export function printable(text: string): string {
  return text.replace(/[^\x20-\x5b\x5d-\x7e]/g, (c) => {
    const code = c.charCodeAt(0);
    return code > 0xff
      ? `\\u${code.toString(16).padStart(4, '0')}`
      : `\\x${code.toString(16).padStart(2, '0')}`;
  });
}
