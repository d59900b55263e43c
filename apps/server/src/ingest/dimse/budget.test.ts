import { describe, expect, it } from 'vitest';
import { BufferBudget, type Holder } from './budget';

/** An association as the budget sees it: reads while allowed, in steps of `chunk` bytes. */
class Sender implements Holder {
  receivingBytes = 0;
  inflight = 0;
  reading = true;
  wasHeld = false;
  constructor(
    private readonly budget: BufferBudget,
    readonly objectBytes: number,
  ) {
    budget.join(this);
  }
  wake() {
    this.reading = this.budget.mayRead(this);
    if (!this.reading) this.wasHeld = true;
  }
  /** One socket chunk, if reading: the object grows, and is whole (waits for a commit) at its size. */
  step(chunk: number) {
    if (!this.reading) return;
    const take = Math.min(chunk, this.objectBytes - this.receivingBytes);
    this.receivingBytes += take;
    if (this.receivingBytes === this.objectBytes) {
      this.receivingBytes = 0;
      this.inflight += this.objectBytes;
    }
    this.budget.change(take);
    this.wake();
  }
  commit() {
    const bytes = this.inflight;
    this.inflight = 0;
    this.budget.change(-bytes);
    this.wake();
  }
}

describe('buffer budget across associations', () => {
  it('holds senders back at the cap, lets one finish its object, and never deadlocks', () => {
    const MB = 1024 * 1024;
    const budget = new BufferBudget(16 * MB);
    const senders = [24, 24, 24, 10].map((mb) => new Sender(budget, mb * MB));
    let committed = 0;
    for (let round = 0; round < 100_000 && committed < 40; round++) {
      for (const s of senders) s.step(64 * 1024);
      // Commits answer now and then, as the pipeline does.
      if (round % 7 === 0)
        for (const s of senders)
          if (s.inflight) {
            s.commit();
            committed++;
          }
    }
    expect(committed).toBeGreaterThanOrEqual(40);
    expect(budget.peak).toBeLessThanOrEqual(16 * MB + 24 * MB + senders.length * 64 * 1024);
    expect(senders.every((s) => s.wasHeld)).toBe(true);
  });

  it('waits for commits rather than letting a second association past the cap', () => {
    const budget = new BufferBudget(100);
    const a = new Sender(budget, 150);
    const b = new Sender(budget, 150);
    a.step(60);
    b.step(50); // 110: full; a is furthest in and finishes
    expect([a.reading, b.reading]).toEqual([true, false]);
    a.step(90); // whole, waiting for its commit: nobody else reads
    expect(budget.used).toBe(200);
    expect([a.reading, b.reading]).toEqual([false, false]);
    a.commit(); // 50 left: under the cap, everyone reads
    expect([a.reading, b.reading]).toEqual([true, true]);
    expect(budget.peak).toBe(200);
  });

  it('lets the next one finish once the commit answered and partial objects still fill it', () => {
    const budget = new BufferBudget(100);
    const [a, b, c] = [new Sender(budget, 200), new Sender(budget, 200), new Sender(budget, 200)];
    a.step(40);
    b.step(40);
    c.step(30); // 110
    expect([a.reading, b.reading, c.reading]).toEqual([true, false, false]);
    a.step(160); // a whole
    a.commit(); // 70: under the cap again
    expect([a.reading, b.reading, c.reading]).toEqual([true, true, true]);
    a.step(40); // 110, all three partial: b or a (equal) finishes, c waits
    expect(c.reading).toBe(false);
    expect([a.reading, b.reading].filter(Boolean)).toHaveLength(1);
  });

  it('lets everyone read again when an association with a partial object leaves', () => {
    const budget = new BufferBudget(100);
    const a = new Sender(budget, 200);
    const b = new Sender(budget, 200);
    a.step(70);
    b.step(40);
    expect(b.reading).toBe(false);
    budget.leave(a);
    budget.change(-70); // its partial object dropped
    expect(budget.mayRead(b)).toBe(true);
  });
});
