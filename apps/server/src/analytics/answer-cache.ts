/**
 * A short-lived cache of widget answers, one per app (app.ts). The caller's key holds every
 * parameter and the visible sites, and the widget data version read from the database
 * (data-version.ts, answer.ts), so ingest, folds and renames on any server invalidate it at once.
 */
export interface AnswerCache {
  get<T>(key: unknown[], now: number, compute: () => Promise<T>): Promise<T>;
  clear(): void;
}

const MAX_ENTRIES = 2000;

/** `seconds` is WIDGET_CACHE_SECONDS; 0 turns the cache off (benchmarks measure uncached answers). */
export function createAnswerCache(seconds: number): AnswerCache {
  const ttlMs = seconds * 1000;
  const entries = new Map<string, { at: number; value: unknown }>();
  /**
   * Answers being computed, by key: a caller asking for one of them waits for it instead of
   * asking the database again (fifty users opening the same dashboard make one query per widget).
   */
  const pending = new Map<string, Promise<unknown>>();
  return {
    async get<T>(key: unknown[], now: number, compute: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return compute();
      const k = JSON.stringify(key);
      const hit = entries.get(k);
      if (hit && now - hit.at < ttlMs) return hit.value as T;
      const running = pending.get(k);
      if (running) return running as Promise<T>;
      const promise = compute().then((value) => {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        entries.set(k, { at: now, value });
        return value;
      });
      pending.set(k, promise);
      try {
        return await promise;
      } finally {
        pending.delete(k);
      }
    },
    clear() {
      entries.clear();
      pending.clear();
    },
  };
}
