import { describe, expect, it } from 'vitest';
import { sharedReads } from './data-version';

/** A read that answers when told to, numbered in the order the reads started. */
function controlledReads() {
  const started: { n: number; finish(fail?: boolean): void }[] = [];
  const read = () =>
    new Promise<number>((resolve, reject) => {
      const n = started.length + 1;
      started.push({ n, finish: (fail) => (fail ? reject(new Error(`read ${n} failed`)) : resolve(n)) });
    });
  return { started, read };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('sharedReads: one widget data version read for the answers asked at the same time', () => {
  it('a lone caller gets a read of its own', async () => {
    const c = controlledReads();
    const get = sharedReads(c.read);
    const a = get();
    expect(c.started).toHaveLength(1);
    c.started[0]!.finish();
    expect(await a).toBe(1);
  });

  it('callers arriving while a read runs share the next read, which starts after they arrived', async () => {
    const c = controlledReads();
    const get = sharedReads(c.read);
    const first = get();
    const second = get();
    const third = get();
    // Read 1 began before the second and third asked: it may miss a commit they expect to see.
    expect(c.started).toHaveLength(1);
    c.started[0]!.finish();
    expect(await first).toBe(1);
    await tick();
    expect(c.started).toHaveLength(2);
    c.started[1]!.finish();
    expect(await second).toBe(2);
    expect(await third).toBe(2);
    expect(c.started).toHaveLength(2);
  });

  it('a failed read fails only its own callers; the next caller reads again', async () => {
    const c = controlledReads();
    const get = sharedReads(c.read);
    const first = get();
    const second = get();
    c.started[0]!.finish(true);
    await expect(first).rejects.toThrow('read 1 failed');
    await tick();
    c.started[1]!.finish();
    expect(await second).toBe(2);
    const third = get();
    expect(c.started).toHaveLength(3);
    c.started[2]!.finish();
    expect(await third).toBe(3);
  });
});
