import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit';

const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));

function recorder(opts: Partial<ConstructorParameters<typeof GroupCommit>[1]> = {}, commitMs = 5) {
  const batches: number[][] = [];
  const group = new GroupCommit<number, number>(
    async (items) => {
      batches.push(items);
      await tick(commitMs);
      return items.map((i) => i * 10);
    },
    { maxBatch: 100, lingerMs: 0, ...opts },
  );
  return { group, batches };
}

describe('group commit', () => {
  it('commits what arrives during a commit together, and answers each with its own result', async () => {
    const { group, batches } = recorder();
    const first = group.submit(1);
    await tick(1); // the first commit is under way
    const rest = [group.submit(2), group.submit(3)];
    expect(await Promise.all([first, ...rest])).toEqual([10, 20, 30]);
    expect(batches).toEqual([[1], [2, 3]]);
  });

  it('waits for the objects of the other open senders, then commits them as one batch', async () => {
    const { group, batches } = recorder({ senders: () => 3, siblingWaitMs: 1000 });
    const a = group.submit(1);
    await tick(20);
    expect(batches).toEqual([]); // waiting for two more senders
    const b = group.submit(2);
    const c = group.submit(3);
    await Promise.all([a, b, c]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('waits no longer than siblingWaitMs, and not at all for a lone sender', async () => {
    const waiting = recorder({ senders: () => 4, siblingWaitMs: 30 });
    const started = performance.now();
    await waiting.group.submit(1);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
    expect(waiting.batches).toEqual([[1]]);

    const lone = recorder({ senders: () => 1, siblingWaitMs: 1000 });
    const t0 = performance.now();
    await lone.group.submit(1);
    expect(performance.now() - t0).toBeLessThan(500);
  });

  it('after a commit, waits for the senders it just answered to send again', async () => {
    const { group, batches } = recorder({ senders: () => 2, siblingWaitMs: 1000 }, 20);
    // Two senders, one object at a time each, as two associations.
    const sender = async (first: number) => {
      for (let i = 0; i < 3; i++) await group.submit(first + i);
    };
    await Promise.all([sender(10), sender(20)]);
    expect(batches).toEqual([
      [10, 20],
      [11, 21],
      [12, 22],
    ]);
  });

  it('drained() resolves when everything submitted has been committed', async () => {
    const { group } = recorder({ senders: () => 5, siblingWaitMs: 20 });
    let done = false;
    void group.submit(1).then(() => {
      done = true;
    });
    await group.drained();
    expect(done).toBe(true);
  });
});
