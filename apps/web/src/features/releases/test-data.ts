import type { RolloutProgress, StateCounts } from '@kestrel/contract';

/** Test data for the release pages' component tests. */
export const counts = (c: Partial<StateCounts> = {}): StateCounts => ({
  queued: 0,
  offered: 0,
  downloading: 0,
  installing: 0,
  updated: 0,
  failed: 0,
  declined: 0,
  cancelled: 0,
  ...c,
});

export function rollout(patch: Partial<RolloutProgress> = {}): RolloutProgress {
  return {
    id: 5,
    releaseId: 7,
    version: '6.2.0',
    title: 'Faster reconstruction',
    kind: 'update',
    state: 'active',
    haltReason: null,
    currentWave: 1,
    failureThresholdPercent: 20,
    createdAt: '2026-01-15T10:00:00Z',
    createdBy: 'Alex Morgan',
    total: 4,
    counts: counts({ updated: 2, failed: 1, downloading: 1 }),
    percentDone: 75,
    waves: [
      { wave: 1, state: 'done', total: 2, counts: counts({ updated: 1, failed: 1 }) },
      { wave: 2, state: 'open', total: 2, counts: counts({ updated: 1, downloading: 1 }) },
    ],
    sites: [
      {
        siteId: 10,
        siteName: 'North Clinic',
        customerId: 1,
        customerName: 'Northwind',
        timeZone: 'Europe/Berlin',
        windowOpen: true,
        approval: 'approved',
        total: 4,
        counts: counts({ updated: 2, failed: 1, downloading: 1 }),
      },
    ],
    devices: [
      {
        deploymentId: 1,
        deviceId: 100,
        serial: 'SN-FAIL',
        deviceType: '3D',
        siteId: 10,
        siteName: 'North Clinic',
        wave: 1,
        state: 'failed',
        approval: 'approved',
        fromVersion: '6.1.0',
        progress: 40,
        failureReason: 'checksum mismatch after download',
        updatedAt: '2026-01-15T10:05:00Z',
      },
      {
        deploymentId: 2,
        deviceId: 101,
        serial: 'SN-OK',
        deviceType: '3D',
        siteId: 10,
        siteName: 'North Clinic',
        wave: 1,
        state: 'updated',
        approval: 'approved',
        fromVersion: '6.1.0',
        progress: 100,
        failureReason: null,
        updatedAt: '2026-01-15T10:06:00Z',
      },
    ],
    ...patch,
  };
}

/** A fetch that answers by URL (and method), recording each call. */
export function routedFetch(routes: Record<string, unknown | ((body: unknown) => unknown)>) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  const fn = async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ url, method, body });
    const key = Object.keys(routes).find((k) => `${method} ${url}`.startsWith(k));
    if (!key) return new Response(JSON.stringify({ message: 'not found' }), { status: 404 });
    const v = routes[key];
    const result = typeof v === 'function' ? (v as (b: unknown) => unknown)(body) : v;
    if (result instanceof Response) return result;
    return new Response(JSON.stringify({ success: true, result }), {
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fn, calls };
}
