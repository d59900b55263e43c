import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { FOLD_BATCH, foldBatch, foldPending, queueRowsTakenSoFar } from './fold';

export interface FolderOptions {
  /**
   * Wait this long after being told of a commit, to fold more at once (default GATHER_MS).
   */
  gatherMs?: number;
  /** Look at the queue at least this often (commits of other processes; default 1 s). */
  pollMs?: number;
  /** After a failed fold (database away), wait this long (default 2 s). */
  retryMs?: number;
  /**
   * Vacuum the queue after this many rows were taken out of it (PGlite: app.ts). PGlite runs no
   * autovacuum, and the queue takes one row in and out per object: its empty pages would pile up
   * (97 MB after a year of 40 devices), and the "anything queued?" probe before every widget
   * answer reads them all (measured: 2.9 ms instead of 0.3 ms). PostgreSQL's autovacuum does this.
   */
  vacuumQueueEvery?: number;
  log?: { warn(message: string): void };
}

const LAGS_KEPT = 20_000;

/**
 * A fold costs ~19 statements whatever it carries (the queue's delete, one upsert per rollup
 * table, the lock, begin and commit), so how often it runs under a steady stream sets much of
 * ingest's CPU: at 20 ms a fold followed every few commits, and the fold took a fifth of the
 * server's CPU per object; at 200 ms, Kestrel's CPU per object fell from 1.51 to 1.12 ms
 * (bench/BENCHMARKS.md, "Fewer folds"). Nobody waits for a fold: answers fold what is queued
 * themselves (foldPending), and the lag stays far inside its 2 s goal.
 */
export const GATHER_MS = 200;

/**
 * The aggregator that runs in the server: folds queued rollup inputs (fold.ts) continuously —
 * soon after each ingest commit of this process (`poke`), and every `pollMs` for the commits of
 * other processes. Pausing it changes no answer (answers fold what is queued themselves); it only
 * makes that work theirs.
 */
export class RollupFolder {
  private stopped = false;
  private paused = false;
  private wake: (() => void) | null = null;
  private poked = false;
  private loop: Promise<void> | null = null;
  /** Milliseconds from commit to fold of recent rows (a ring). */
  private lags: number[] = [];
  private lagAt = 0;
  readonly stats = { folds: 0, rows: 0, failed: 0, vacuums: 0 };
  /**
   * `queueRowsTakenSoFar()` at the last vacuum of the queue; the first is due at once, for the
   * empty pages a data directory brings from before.
   */
  private vacuumedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Db,
    private readonly opts: FolderOptions = {},
  ) {}

  start(): void {
    if (!this.loop) this.loop = this.run();
  }

  /** A commit queued rows: fold them soon. */
  poke(): void {
    this.poked = true;
    this.wake?.();
  }

  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    this.wake?.();
  }

  /**
   * Stop after the fold in progress, and fold what is queued once more (the server stops after
   * its ingest pipeline drained: nothing is left for the next start). A failure leaves the rows
   * queued, to be folded by whoever comes next.
   */
  async stop(): Promise<void> {
    const running = this.loop !== null;
    this.stopped = true;
    this.wake?.();
    await this.loop;
    this.loop = null;
    if (running) await foldPending(this.db).catch(() => {});
  }

  /** Fold lag percentiles (ms) of the recent rows; null when none was folded. */
  lag(): { p50: number; p99: number; n: number } | null {
    if (!this.lags.length) return null;
    const sorted = [...this.lags].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
    return { p50: at(0.5), p99: at(0.99), n: sorted.length };
  }

  /** Between folds, with the queue drained: cheap when done this often (milliseconds). */
  private async vacuumQueueIfDue() {
    const every = this.opts.vacuumQueueEvery;
    if (!every || queueRowsTakenSoFar() - this.vacuumedAt < every) return;
    this.vacuumedAt = queueRowsTakenSoFar();
    try {
      await this.db.execute(sql`vacuum unfolded_facts`);
      this.stats.vacuums++;
    } catch (err) {
      this.opts.log?.warn(`vacuuming the rollup queue failed: ${String(err).slice(0, 300)}`);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.wake = null;
        done();
      };
    });
  }

  private async run() {
    const gather = this.opts.gatherMs ?? GATHER_MS;
    while (!this.stopped) {
      if (this.paused) {
        await this.sleep(this.opts.pollMs ?? 1000);
        continue;
      }
      this.poked = false;
      let full = false;
      try {
        const r = await foldBatch(this.db);
        const done = Date.now();
        this.stats.folds++;
        this.stats.rows += r.rows;
        for (const q of r.queuedAt) {
          this.lags[this.lagAt] = Math.max(0, done - q);
          this.lagAt = (this.lagAt + 1) % LAGS_KEPT;
        }
        full = r.rows >= FOLD_BATCH;
      } catch (err) {
        this.stats.failed++;
        this.opts.log?.warn(`folding rollups failed (will retry): ${String(err).slice(0, 300)}`);
        await this.sleep(this.opts.retryMs ?? 2000);
        continue;
      }
      if (full || this.stopped) continue;
      await this.vacuumQueueIfDue();
      if (!this.poked) await this.sleep(this.opts.pollMs ?? 1000);
      // Let the commits of the moment land, then fold them together.
      if (!this.stopped && !this.paused) await new Promise((r) => setTimeout(r, gather));
    }
  }
}
