import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit';
import { Lanes } from './lanes';

const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));

/** Lanes of real group commits whose commits take `ms` and are recorded with their lane. */
function lanes(n: number, ms = 5) {
  const commits: { lane: number; items: string[] }[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const groups = Array.from(
    { length: n },
    (_, lane) =>
      new GroupCommit<string, string>(
        async (items) => {
          running++;
          mostAtOnce = Math.max(mostAtOnce, running);
          commits.push({ lane, items });
          await tick(ms);
          running--;
          return items.map((i) => `${i} committed`);
        },
        { maxBatch: 100, lingerMs: 0 },
      ),
  );
  return { lanes: new Lanes(groups), commits, mostAtOnce: () => mostAtOnce };
}

describe('ingest lanes', () => {
  it('commits objects of different devices side by side, each on its own lane', async () => {
    const { lanes: l, commits, mostAtOnce } = lanes(4);
    const answers = await Promise.all(['a', 'b', 'c', 'd'].map((d) => l.submit(d, `${d}1`)));
    expect(answers).toEqual(['a1 committed', 'b1 committed', 'c1 committed', 'd1 committed']);
    expect(new Set(commits.map((c) => c.lane)).size).toBe(4);
    expect(mostAtOnce()).toBe(4);
  });

  it("keeps a device's objects in flight on one lane, in the order they came", async () => {
    const { lanes: l, commits } = lanes(3);
    const sent: Promise<string>[] = [];
    for (let i = 0; i < 30; i++) for (const d of ['a', 'b']) sent.push(l.submit(d, `${d}${i}`));
    await Promise.all(sent);
    for (const d of ['a', 'b']) {
      const mine = commits.filter((c) => c.items.some((i) => i.startsWith(d)));
      expect(new Set(mine.map((c) => c.lane)).size).toBe(1);
      expect(mine.flatMap((c) => c.items)).toEqual(Array.from({ length: 30 }, (_, i) => `${d}${i}`));
      // No lane mixes in the other device's objects when a free lane was there.
      expect(mine.every((c) => c.items.every((i) => i.startsWith(d)))).toBe(true);
    }
  });

  it('sends a device with nothing in flight, and objects of no device, to the least busy lane', async () => {
    const { lanes: l, commits } = lanes(2, 20);
    const busy = [l.submit('a', 'a1'), l.submit('a', 'a2')];
    const loose = l.submit(null, 'x'); // lane 1 is idle
    await tick(1);
    expect(l.load()).toEqual([2, 1]);
    await Promise.all([...busy, loose]);
    expect(l.load()).toEqual([0, 0]);
    // 'a' has nothing in flight now: it may go to either lane, and goes to the first free one.
    await l.submit('a', 'a3');
    expect(commits.map((c) => [c.lane, c.items])).toEqual([
      [0, ['a1', 'a2']],
      [1, ['x']],
      [0, ['a3']],
    ]);
  });

  it('releases a device from its lane when its commit fails, too', async () => {
    const group = new GroupCommit<string, string>(
      async () => {
        throw new Error('database down');
      },
      { maxBatch: 10, lingerMs: 0 },
    );
    const l = new Lanes([group]);
    await expect(l.submit('a', 'a1')).rejects.toThrow('database down');
    expect(l.load()).toEqual([0]);
  });
});
