import { describe, expect, it } from 'vitest';
import { createAnswerCache } from './answer-cache';

describe('answer cache', () => {
  it('keeps an answer for its time to live, then asks again', async () => {
    const cache = createAnswerCache(60);
    let calls = 0;
    const compute = async () => ++calls;
    expect(await cache.get(['a'], 0, compute)).toBe(1);
    expect(await cache.get(['a'], 59_000, compute)).toBe(1);
    expect(await cache.get(['a'], 61_000, compute)).toBe(2);
    expect(await cache.get(['b'], 61_000, compute)).toBe(3);
  });

  it('asks again for another widget data version (part of the key, answer.ts)', async () => {
    const cache = createAnswerCache(60);
    let calls = 0;
    const compute = async () => ++calls;
    await cache.get(['1.0.0', 'a'], 0, compute);
    expect(await cache.get(['1.0.0', 'a'], 0, compute)).toBe(1);
    expect(await cache.get(['2.0.0', 'a'], 0, compute)).toBe(2);
  });

  it('lets concurrent callers of the same question wait for one computation', async () => {
    const cache = createAnswerCache(60);
    let calls = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const compute = async () => {
      calls++;
      await gate;
      return 'answer';
    };
    const callers = Array.from({ length: 50 }, () => cache.get(['same'], 0, compute));
    release();
    expect(await Promise.all(callers)).toEqual(Array(50).fill('answer'));
    expect(calls).toBe(1);
  });

  it('does not keep a failure: every waiting caller gets it, the next caller asks again', async () => {
    const cache = createAnswerCache(60);
    let calls = 0;
    const failing = async () => {
      calls++;
      throw new Error('database went away');
    };
    const both = [cache.get(['x'], 0, failing), cache.get(['x'], 0, failing)];
    for (const p of both) await expect(p).rejects.toThrow('database went away');
    expect(calls).toBe(1);
    expect(await cache.get(['x'], 0, async () => 'back')).toBe('back');
  });

  it('computes every time when turned off (benchmarks measure uncached answers)', async () => {
    const cache = createAnswerCache(0);
    let calls = 0;
    const compute = async () => ++calls;
    await Promise.all([cache.get(['a'], 0, compute), cache.get(['a'], 0, compute)]);
    expect(calls).toBe(2);
  });
});

describe('answer caches of two apps', () => {
  it('keep their own answers', async () => {
    const a = createAnswerCache(60);
    const b = createAnswerCache(60);
    expect(await a.get(['k'], 0, async () => 'a')).toBe('a');
    expect(await b.get(['k'], 0, async () => 'b')).toBe('b');
    a.clear();
    expect(await b.get(['k'], 0, async () => 'again')).toBe('b');
  });
});
