import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `src/test/` holds helpers for tests only (databases, factories, a raw DICOM peer, …). Production
 * code must never import them, or test-only code would ship and run in the server.
 */
const SRC = resolve(import.meta.dirname, '..');
const TEST_DIR = resolve(SRC, 'test');

function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return path === TEST_DIR ? [] : productionFiles(path);
    return e.name.endsWith('.ts') && !e.name.includes('.test.') ? [path] : [];
  });
}

describe('test-only code', () => {
  it('is imported by no production file', () => {
    const offenders = productionFiles(SRC).filter((file) =>
      [...readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)].some((m) =>
        resolve(join(file, '..'), m[1]!).startsWith(TEST_DIR),
      ),
    );
    expect(offenders.map((f) => relative(SRC, f))).toEqual([]);
  });

  it('finds the production files it checks', () => {
    expect(productionFiles(SRC).length).toBeGreaterThan(100);
  });
});
