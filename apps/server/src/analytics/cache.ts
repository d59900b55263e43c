/**
 * A short-lived cache of widget answers. The key holds every parameter and the visible sites,
 * plus a data version that every rollup write bumps, so ingest invalidates at once in this
 * process; other processes (several servers behind a balancer) see new data within the TTL.
 */
let dataVersion = 0;
export const bumpDataVersion = () => {
  dataVersion++;
};

const MAX_ENTRIES = 2000;
const entries = new Map<string, { at: number; value: unknown }>();
let ttlMs = 60_000;
/** WIDGET_CACHE_SECONDS; 0 turns the cache off (benchmarks measure uncached answers). */
export const configureAnswerCache = (seconds: number) => {
  ttlMs = seconds * 1000;
  entries.clear();
};

/**
 * Answers being computed, by key: a caller asking for one of them waits for it instead of asking
 * the database again (fifty users opening the same dashboard make one query per widget).
 */
const pending = new Map<string, Promise<unknown>>();

export async function cached<T>(key: unknown[], now: number, compute: () => Promise<T>): Promise<T> {
  if (ttlMs <= 0) return compute();
  const k = JSON.stringify([dataVersion, ...key]);
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
}

export const clearAnswerCache = () => {
  entries.clear();
  pending.clear();
};
