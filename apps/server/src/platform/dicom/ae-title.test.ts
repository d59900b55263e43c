import { describe, expect, it } from 'vitest';
import { AE_TITLE, aeTitleProblem, printable } from './ae-title';

describe('AE titles (PS3.5 §6.2)', () => {
  it.each([
    ['KESTREL', null],
    ['MAMMO 1', null],
    ['SIXTEEN_CHARS_AE', null],
    ['BAD\nAE', 'contains control characters'],
    ['BAD\0AE', 'contains control characters'],
    ['DEL\x7f', 'contains control characters'],
    ['CAFÉ', 'has characters outside the DICOM default character repertoire'],
    ['A\\B', 'contains a backslash'],
    ['SEVENTEEN_CHARS_A', 'is 17 characters long (at most 16)'],
    ['  ', 'is empty'],
  ])('%j: %s', (title, problem) => {
    expect(aeTitleProblem(title)).toBe(problem);
    // The configuration's pattern is the same rule.
    expect(AE_TITLE.test(title)).toBe(problem === null);
  });

  it('escapes what could forge a log line', () => {
    expect(printable('A\r\nB\x1b[31m\\é')).toBe('A\\x0d\\x0aB\\x1b[31m\\x5c\\xe9');
  });
});
