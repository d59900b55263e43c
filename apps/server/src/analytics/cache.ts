/**
 * A short-lived cache of widget answers. The key holds every parameter and the visible sites,
 * plus a data version that every rollup write bumps, so ingest invalidates at once in this
 * process; other processes (several servers behind a balancer) see new data within the TTL.
 */
let dataVersion = 0;
export const bumpDataVersion = () => {
  dataVersion++;
};

const TTL_MS = 60_000;
const MAX_ENTRIES = 2000;
const entries = new Map<string, { at: number; value: unknown }>();

export async function cached<T>(key: unknown[], now: number, compute: () => Promise<T>): Promise<T> {
  const k = JSON.stringify([dataVersion, ...key]);
  const hit = entries.get(k);
  if (hit && now - hit.at < TTL_MS) return hit.value as T;
  const value = await compute();
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(k, { at: now, value });
  return value;
}

export const clearAnswerCache = () => entries.clear();
