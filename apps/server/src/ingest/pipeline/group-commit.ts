/**
 * Group commit: objects that arrive while a transaction is running wait and then go together
 * into the next one, so N associations cost one commit, not N. When idle, the next commit starts
 * on the next turn of the event loop (after `lingerMs` if set), so a lone sender waits for no
 * timer. One commit runs at a time: batches never contend for the same rollup rows.
 */
export class GroupCommit<I, O> {
  private queue: { item: I; resolve: (o: O) => void; reject: (e: unknown) => void }[] = [];
  private running = false;
  private idle: (() => void)[] = [];

  constructor(
    private readonly commit: (items: I[]) => Promise<O[]>,
    private readonly opts: { maxBatch: number; lingerMs: number },
  ) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.running) return;
      this.running = true;
      const start = () => void this.drain();
      if (this.opts.lingerMs > 0) setTimeout(start, this.opts.lingerMs);
      else setImmediate(start);
    });
  }

  /** Resolves when everything submitted so far has been committed (or failed). */
  drained(): Promise<void> {
    if (!this.running && !this.queue.length) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  private async drain() {
    while (this.queue.length) {
      const batch = this.queue.splice(0, this.opts.maxBatch);
      try {
        const out = await this.commit(batch.map((b) => b.item));
        for (const [i, b] of batch.entries()) b.resolve(out[i]!);
      } catch (err) {
        for (const b of batch) b.reject(err);
      }
    }
    this.running = false;
    for (const resolve of this.idle.splice(0)) resolve();
  }
}
