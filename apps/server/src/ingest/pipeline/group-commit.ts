/**
 * Group commit: objects that arrive while a transaction is running wait and then go together
 * into the next one, so N associations cost one commit, not N. When idle, the next commit starts
 * on the next turn of the event loop (after `lingerMs` if set), so a lone sender waits for no
 * timer. One commit runs at a time; several group commits (lanes.ts) commit different devices'
 * objects side by side.
 *
 * Senders that send one object at a time (a DIMSE association waits for each answer) would
 * otherwise settle into half-size batches: the answered half sends again while the other half
 * commits. Like PostgreSQL's commit_delay with commit_siblings, a commit waits up to
 * `siblingWaitMs` until every open sender (`senders()`) has an object queued — at most that
 * long, and not at all for a lone sender.
 */
export class GroupCommit<I, O> {
  private queue: { item: I; resolve: (o: O) => void; reject: (e: unknown) => void }[] = [];
  private running = false;
  private siblingTimer: NodeJS.Timeout | null = null;
  private idle: (() => void)[] = [];

  constructor(
    private readonly commit: (items: I[]) => Promise<O[]>,
    private readonly opts: {
      maxBatch: number;
      lingerMs: number;
      /** Senders open now that send one object at a time. */
      senders?: () => number;
      siblingWaitMs?: number;
    },
  ) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.siblingTimer && this.queue.length >= this.senders()) {
        clearTimeout(this.siblingTimer);
        this.siblingTimer = null;
        void this.drain();
        return;
      }
      if (this.running) return;
      this.running = true;
      const start = () => void this.drain(true);
      if (this.opts.lingerMs > 0) setTimeout(start, this.opts.lingerMs);
      else setImmediate(start);
    });
  }

  /** Resolves when everything submitted so far has been committed (or failed). */
  drained(): Promise<void> {
    if (!this.running && !this.queue.length) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  private senders() {
    return this.opts.senders?.() ?? 0;
  }

  /** Commit what is queued, batch after batch; `mayWait`: wait for siblings first (see above). */
  private async drain(mayWait = false) {
    while (this.queue.length) {
      if (mayWait && this.opts.siblingWaitMs && this.queue.length < this.senders()) {
        this.siblingTimer = setTimeout(() => {
          this.siblingTimer = null;
          void this.drain();
        }, this.opts.siblingWaitMs);
        return;
      }
      const batch = this.queue.splice(0, this.opts.maxBatch);
      try {
        const out = await this.commit(batch.map((b) => b.item));
        for (const [i, b] of batch.entries()) b.resolve(out[i]!);
      } catch (err) {
        for (const b of batch) b.reject(err);
      }
      mayWait = true;
    }
    this.running = false;
    for (const resolve of this.idle.splice(0)) resolve();
  }
}
