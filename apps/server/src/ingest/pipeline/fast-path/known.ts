import type { KnownDevice } from '../../store';

/** Bounded map: when full, the oldest entries go first (a miss only costs a slower commit). */
class Bounded<K, V> extends Map<K, V> {
  constructor(private readonly max: number) {
    super();
  }
  override set(key: K, value: V) {
    if (!this.has(key) && this.size >= this.max) this.delete(this.keys().next().value as K);
    return super.set(key, value);
  }
}

/**
 * What earlier commits of this process resolved: device rows, technologist ids and study ids.
 * The fast path plans a batch from these without asking the database, and the database
 * function checks every assumption before it writes (docs/ingest.md, "Fast path"), so a stale
 * entry costs one slower commit, never a wrong fact. Only the pipeline's commits fill it.
 */
export class KnownRows {
  /** By `identityKey(device)`. */
  readonly devices = new Bounded<string, KnownDevice>(50_000);
  /** By `technologistKey(site, operator)`. Ids never change: merges are pointers. */
  readonly technologists = new Bounded<string, number>(200_000);
  /** By `studyKey(Study Instance UID, device)`: the studies an exam's later images go to. */
  readonly studies = new Bounded<string, number>(50_000);
  /** Months ('YYYY-MM-01') whose facts partition exists: the fast path need not check them. */
  readonly months = new Set<string>();

  learn(r: {
    devices: Map<string, KnownDevice>;
    technologists: Map<string, number>;
    studies: Map<string, number>;
  }) {
    // A pending device still without station or institution goes the full path (store/devices.ts).
    for (const [k, v] of r.devices) if (!v.placeMissing) this.devices.set(k, v);
    for (const [k, v] of r.technologists) this.technologists.set(k, v);
    for (const [k, v] of r.studies) this.studies.set(k, v);
  }

  /** A plan's assumptions failed: drop what it relied on, the next commit asks the database. */
  forget(devices: Iterable<string>, studies: Iterable<string>) {
    for (const k of devices) this.devices.delete(k);
    for (const k of studies) this.studies.delete(k);
  }
}
