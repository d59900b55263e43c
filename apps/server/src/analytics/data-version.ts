/**
 * What widget answers show changes in two ways: rollups are written (applyRollupDeltas, the ingest
 * fast path) and the names they show change (site and technologist aliases, merges). Each such
 * change calls widgetDataChanged(), the one invalidation of the answer caches (answer-cache.ts):
 * they key answers by this version, so a change is seen at once in this process; other processes
 * (several servers behind a balancer) see it within the cache's time to live.
 */
let version = 0;

export const widgetDataChanged = () => {
  version++;
};

export const widgetDataVersion = () => version;
