import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fileSha256, Sha256 } from './sha256';

const node = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

describe('SHA-256 of a package, piece by piece', () => {
  it('matches the published test vectors', () => {
    expect(new Sha256().hex()).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(new Sha256().update(new TextEncoder().encode('abc')).hex()).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('gives the same digest as Node for every length around the block edges', () => {
    for (const n of [1, 55, 56, 63, 64, 65, 119, 120, 1000]) {
      const data = Uint8Array.from({ length: n }, (_, i) => (i * 31 + 7) & 0xff);
      expect(new Sha256().update(data).hex(), `length ${n}`).toBe(node(data));
    }
  });

  it('reads a file in pieces and reports how far it got', async () => {
    const data = Uint8Array.from({ length: 10_000 }, (_, i) => i & 0xff);
    const shares: number[] = [];
    const hex = await fileSha256(new Blob([data]), (s) => shares.push(s), 3000);
    expect(hex).toBe(node(data));
    expect(shares.at(-1)).toBe(1);
    expect(shares.length).toBeGreaterThan(3);
  });
});
