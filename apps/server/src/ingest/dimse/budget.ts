/** An association as the budget sees it. */
export interface Holder {
  /** Bytes of the data set it is receiving, held so far; 0 between objects. */
  readonly receivingBytes: number;
  /** The budget changed: decide again whether to read the socket (asks `mayRead`). */
  wake(): void;
}

/**
 * Data-set bytes all associations of a listener hold in memory: objects being received and
 * objects waiting for their commit. Once `max` is reached, associations stop reading their
 * sockets, so TCP holds their senders back (as a PACS writing to a full disk queue would) rather
 * than us buffering more or refusing objects that a sender then resends whole. Partial objects
 * alone could fill the budget and stall every sender until they time out, so when nothing waits
 * for a commit one association is let on: the one furthest into its object, until it has it
 * whole and its commit answers. Memory stays under `max` plus that one object's kept part (at most
 * DICOM_MAX_HEADER_BYTES) plus a socket chunk per association.
 */
export class BufferBudget {
  used = 0;
  /** The most ever held, and how often an association was held back: for metrics and tests. */
  peak = 0;
  holds = 0;
  private finisher: Holder | null = null;
  private readonly holders = new Set<Holder>();

  constructor(readonly max: number) {}

  get full(): boolean {
    return this.used >= this.max;
  }

  join(h: Holder) {
    this.holders.add(h);
  }

  leave(h: Holder) {
    this.holders.delete(h);
    if (this.finisher === h) this.finisher = null;
    this.chooseFinisher();
  }

  /** `delta` more bytes held (fewer when negative); also after an object completes (delta 0). */
  change(delta: number) {
    const wasFull = this.full;
    this.used += delta;
    if (this.used > this.peak) this.peak = this.used;
    if (wasFull !== this.full) {
      this.finisher = null;
      for (const h of [...this.holders]) h.wake();
    }
    this.chooseFinisher();
  }

  /** May `h` read its socket now? */
  mayRead(h: Holder): boolean {
    return !this.full || this.finisher === h;
  }

  /** Full, and the one let on has its object whole (or left): let on the next once that is committed. */
  private chooseFinisher() {
    if (!this.full || (this.finisher && this.finisher.receivingBytes > 0)) return;
    let next: Holder | null = null;
    let receiving = 0;
    for (const h of this.holders) {
      receiving += h.receivingBytes;
      if (h.receivingBytes > 0 && (!next || h.receivingBytes > next.receivingBytes)) next = h;
    }
    // Objects waiting for a commit: its answer releases them and calls again.
    if (this.used > receiving) next = null;
    const woken = next !== this.finisher;
    this.finisher = next;
    if (woken) next?.wake();
  }
}
