import { afterEach, describe, expect, it } from 'vitest';
import { bumpDataVersion, cached, clearAnswerCache, configureAnswerCache } from './cache';

describe('answer cache', () => {
  afterEach(() => {
    configureAnswerCache(60);
    clearAnswerCache();
  });

  it('keeps an answer for its time to live, then asks again', async () => {
    configureAnswerCache(60);
    let calls = 0;
    const compute = async () => ++calls;
    expect(await cached(['a'], 0, compute)).toBe(1);
    expect(await cached(['a'], 59_000, compute)).toBe(1);
    expect(await cached(['a'], 61_000, compute)).toBe(2);
    expect(await cached(['b'], 61_000, compute)).toBe(3);
  });

  it('asks again after a rollup write (data version)', async () => {
    configureAnswerCache(60);
    let calls = 0;
    const compute = async () => ++calls;
    await cached(['a'], 0, compute);
    bumpDataVersion();
    expect(await cached(['a'], 0, compute)).toBe(2);
  });

  it('lets concurrent callers of the same question wait for one computation', async () => {
    configureAnswerCache(60);
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
    const callers = Array.from({ length: 50 }, () => cached(['same'], 0, compute));
    release();
    expect(await Promise.all(callers)).toEqual(Array(50).fill('answer'));
    expect(calls).toBe(1);
  });

  it('does not keep a failure: every waiting caller gets it, the next caller asks again', async () => {
    configureAnswerCache(60);
    let calls = 0;
    const failing = async () => {
      calls++;
      throw new Error('database went away');
    };
    const both = [cached(['x'], 0, failing), cached(['x'], 0, failing)];
    for (const p of both) await expect(p).rejects.toThrow('database went away');
    expect(calls).toBe(1);
    expect(await cached(['x'], 0, async () => 'back')).toBe('back');
  });

  it('computes every time when turned off (benchmarks measure uncached answers)', async () => {
    configureAnswerCache(0);
    let calls = 0;
    const compute = async () => ++calls;
    await Promise.all([cached(['a'], 0, compute), cached(['a'], 0, compute)]);
    expect(calls).toBe(2);
  });
});
