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

export async function cached<T>(key: unknown[], now: number, compute: () => Promise<T>): Promise<T> {
  if (ttlMs <= 0) return compute();
  const k = JSON.stringify([dataVersion, ...key]);
  const hit = entries.get(k);
  if (hit && now - hit.at < ttlMs) return hit.value as T;
  const value = await compute();
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(k, { at: now, value });
  return value;
}

export const clearAnswerCache = () => entries.clear();
