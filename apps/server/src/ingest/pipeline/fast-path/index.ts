import { widgetDataChanged } from '../../../analytics/data-version';
import type { Db } from '../../../platform/db';
import { normaliseOperator } from '../../mapping/values';
import { identityKey } from '../../store';
import { resolveDevices } from '../../store/devices';
import { resolveTechnologists } from '../../store/technologists';
import type { Prepared } from '../prepare';
import type { IngestResult } from '../types';
import { installFastPath, isFastPathMiss, runFastPath } from './function';
import { KnownRows } from './known';
import { planFastBatch } from './plan';

export { KnownRows } from './known';

/** Tries again at most this often when the function could not be created (database away). */
const INSTALL_RETRY_MS = 30_000;

/**
 * The common case — images of known devices, nothing to merge — as one database round trip and
 * one commit, instead of the twenty statements of the full path. Planned from what earlier
 * commits resolved (`known`), checked by the database before anything is written.
 */
export class FastPath {
  private name: Promise<string | null> | null = null;
  private failedAt = 0;
  /** Counts of batches by path, for metrics and tests. */
  readonly stats = { fast: 0, missed: 0, notPlanned: 0, failed: 0 };

  /**
   * `known` may be shared by the fast paths of several lanes (pipeline/lanes.ts): lanes commit
   * different devices, and whatever one learns stays true for the others until a plan misses.
   */
  constructor(
    private readonly db: Db,
    readonly known = new KnownRows(),
  ) {}

  /**
   * Commit a batch: its images (and objects only logged) in one call when they can be planned,
   * the rest (dose reports, rejection notes) — or everything, when the plan fails — by `full`,
   * which must not throw. Results come in the order of `items`, each after its commit.
   */
  async commit(
    items: Prepared[],
    now: Date,
    full: (items: Prepared[]) => Promise<IngestResult[]>,
  ): Promise<{ results: IngestResult[]; fast: number }> {
    const simple = items.filter((p) => p.kind === 'image' || p.kind === 'logOnly');
    // Any failure here (the database away while registering a device) leaves it to the full
    // path, which retries each object and answers what it cannot store as retryable.
    const fastResults = simple.length ? await this.tryFast(simple, now).catch(() => null) : null;
    if (!fastResults) return { results: await full(items), fast: 0 };
    const rest = items.filter((p) => p.kind !== 'image' && p.kind !== 'logOnly');
    const restResults = rest.length ? await full(rest) : [];
    const byItem = new Map<Prepared, IngestResult>();
    for (const [i, p] of simple.entries()) byItem.set(p, fastResults[i]!);
    for (const [i, p] of rest.entries()) byItem.set(p, restResults[i]!);
    return { results: items.map((p) => byItem.get(p)!), fast: simple.length };
  }

  /** Results after the commit, or null when nothing was written and the full path must run. */
  async tryFast(items: Prepared[], now: Date): Promise<IngestResult[] | null> {
    let plan = planFastBatch(items, this.known, now);
    if (plan === 'unresolved') {
      await this.resolve(items, now);
      plan = planFastBatch(items, this.known, now);
    }
    if (!plan || plan === 'unresolved') {
      this.stats.notPlanned++;
      return null;
    }
    const name = await this.functionName();
    if (!name) return null;
    try {
      const opened = await runFastPath(this.db, name, plan.batch);
      for (const [uid, id] of opened) this.known.studies.set(uid, id);
      for (const m of plan.months) this.known.months.add(m);
    } catch (err) {
      // Refused: the plan was wrong. Failed: the full path retries each object and reports.
      if (isFastPathMiss(err)) this.stats.missed++;
      else this.stats.failed++;
      this.known.forget(plan.assumed.devices, plan.assumed.studies);
      return null;
    }
    this.stats.fast++;
    widgetDataChanged(); // answers count the batch (folding it first)
    return plan.results;
  }

  /**
   * Register the images' devices and technologists that are new (or only new to this process)
   * in a short transaction of their own, as the full path would, and learn them. A device or
   * technologist so made exists even if the objects then fail: they did come from it.
   */
  private async resolve(items: Prepared[], now: Date) {
    const images = items.flatMap((p) => (p.kind === 'image' ? [p.image] : []));
    const resolved = await this.db.transaction(async (tx) => {
      const devices = await resolveDevices(
        tx,
        images.map((i) => i.device),
        now,
      );
      const operators = images.flatMap((i) => {
        const d = devices.get(identityKey(i.device))!;
        const op = normaliseOperator(i.operator ?? undefined);
        return op && d.siteId !== null && d.customerId !== null
          ? [{ siteId: d.siteId, customerId: d.customerId, key: op.key, display: op.display }]
          : [];
      });
      return { devices, technologists: await resolveTechnologists(tx, operators), studies: new Map() };
    });
    this.known.learn(resolved);
  }

  private functionName(): Promise<string | null> {
    if (!this.name && Date.now() - this.failedAt > INSTALL_RETRY_MS) {
      this.name = installFastPath(this.db).catch(() => {
        this.failedAt = Date.now();
        this.name = null;
        return null;
      });
    }
    return this.name ?? Promise.resolve(null);
  }
}
