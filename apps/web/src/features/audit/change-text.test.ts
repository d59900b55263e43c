import { describe, expect, it } from 'vitest';
import { changeText } from './AuditPage';

describe('changeText', () => {
  it('lists only the fields that changed, old → new', () => {
    expect(changeText({ before: { name: 'A', active: true }, after: { name: 'B', active: true } })).toBe(
      'name: "A" → "B"',
    );
  });
  it('shows a created record field by field', () => {
    expect(changeText({ before: null, after: { name: 'B' } })).toBe('name: — → "B"');
  });
});
