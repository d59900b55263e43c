/**
 * Several group-commit pipelines ("lanes"), each committing on a database connection of its own,
 * so that objects of different devices commit at the same time (docs/ingest.md, "Commits in
 * parallel"). An object goes to a lane by its key (its device): while a device has objects in a
 * lane, waiting or being committed, its next objects go to that lane too, behind them — so one
 * device's objects are committed in the order they arrived. A device with nothing in flight goes
 * to the lane with the fewest objects in flight (its earlier objects are all committed, so any
 * lane keeps the order); so do objects of no device (unreadable files: they write only a log row).
 * Hashing devices to lanes instead would often leave lanes idle: four devices on four lanes
 * collide more often than not.
 */
export class Lanes<I, O> {
  private readonly inFlight: number[];
  /** Devices with objects in flight: their lane and how many. */
  private readonly affinity = new Map<string, { lane: number; n: number }>();

  constructor(private readonly lanes: readonly { submit(item: I): Promise<O> }[]) {
    if (!lanes.length) throw new Error('at least one lane');
    this.inFlight = lanes.map(() => 0);
  }

  get size() {
    return this.lanes.length;
  }

  /** Objects submitted and not yet answered, per lane. */
  load(): readonly number[] {
    return this.inFlight;
  }

  submit(key: string | null, item: I): Promise<O> {
    let held = key === null ? undefined : this.affinity.get(key);
    const lane = held?.lane ?? this.leastLoaded();
    if (key !== null && !held) {
      held = { lane, n: 0 };
      this.affinity.set(key, held);
    }
    if (held) held.n++;
    this.inFlight[lane]!++;
    const done = () => {
      this.inFlight[lane]!--;
      if (held && --held.n === 0) this.affinity.delete(key!);
    };
    const answer = this.lanes[lane]!.submit(item);
    answer.then(done, done);
    return answer;
  }

  private leastLoaded() {
    let best = 0;
    for (let i = 1; i < this.inFlight.length; i++) if (this.inFlight[i]! < this.inFlight[best]!) best = i;
    return best;
  }
}
