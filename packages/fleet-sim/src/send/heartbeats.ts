import type { SimFleet } from '../types';

export interface HeartbeatOptions {
  /** Kestrel's base URL, e.g. http://127.0.0.1:8080 */
  http: string;
  email: string;
  password: string;
}

async function call<T>(url: string, init: RequestInit): Promise<T> {
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  const body = (await res.json().catch(() => null)) as {
    success?: boolean;
    result?: T;
    message?: string;
  } | null;
  if (!res.ok || !body?.success) {
    throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${body?.message ?? res.statusText}`);
  }
  return body.result as T;
}

/**
 * A heartbeat from every simulated device Kestrel knows (devices register themselves by
 * sending DICOM, so this runs after the objects). A device needs a key: the simulator signs in
 * as a provider admin or service user and issues one per device — which rotates that device's
 * key, as a service engineer re-keying it would.
 */
export async function sendHeartbeats(
  fleet: SimFleet,
  opts: HeartbeatOptions,
): Promise<{ sent: number; unknown: number }> {
  const base = opts.http.replace(/\/$/, '');
  const { token } = await call<{ token: string }>(`${base}/api/login`, {
    method: 'POST',
    body: JSON.stringify({ email: opts.email, password: opts.password }),
  });
  const auth = { 'x-access-token': token };
  const known = await call<{ id: number; serial: string; manufacturer: string }[]>(`${base}/api/ha/devices`, {
    headers: auth,
  });
  const idOf = new Map(known.map((d) => [`${d.manufacturer}|${d.serial}`, d.id]));
  let sent = 0;
  let unknown = 0;
  for (const device of fleet.devices) {
    const id = idOf.get(`${device.manufacturer}|${device.serial}`);
    if (id === undefined) {
      unknown++;
      continue;
    }
    const { key, header } = await call<{ key: string; header: string }>(`${base}/api/ha/deviceKey`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ deviceId: id }),
    });
    await call(`${base}/api/device/heartbeat`, {
      method: 'POST',
      headers: { [header]: key },
      body: JSON.stringify({
        softwareVersion: device.softwareVersion,
        uptimeSeconds: 3600 * (8 + (id % 40)),
        // No tube counters: made-up lifetime counters would move the tube's usage baseline.
        freeDiskMb: 20_000 + (id % 7) * 1000,
      }),
    });
    sent++;
  }
  return { sent, unknown };
}
