import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fastPathSqlText, SQL_FILE } from './write-sql';

describe('fast-path function SQL', () => {
  it('is checked in as the generator writes it (npm run gen:fast-path -w @kestrel/server)', () => {
    expect(readFileSync(SQL_FILE, 'utf8')).toBe(fastPathSqlText());
  });
});
