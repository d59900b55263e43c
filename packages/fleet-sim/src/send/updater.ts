import { createHash } from 'node:crypto';

/**
 * Simulated devices taking a software update the way real ones do (docs/releases.md §7): each
 * device heartbeats every `pollSeconds`; when the answer carries an offer it downloads the
 * package with HTTP range requests, chunk by chunk at `downloadKbps` (so a broken download goes
 * on from where it stopped), reports its progress, checks the SHA-256, installs, and heartbeats
 * with the new version, which confirms 'updated'. A share of devices (`failureRate`) fails on
 * the way, with a reason, as real ones do.
 */
export interface UpdaterOptions {
  /** Kestrel's base URL, e.g. http://127.0.0.1:8080 */
  http: string;
  /** A provider admin or service account, to list the devices and issue their keys. */
  email: string;
  password: string;
  downloadKbps?: number;
  /** 0 … 1: the share of updates that fail. */
  failureRate?: number;
  pollSeconds?: number;
  /** Stop after this long (the devices finish nothing more after it). */
  seconds?: number;
  /** Only these serials (default: every device the account sees). */
  serials?: readonly string[];
  chunkBytes?: number;
  seed?: number;
  log?: (line: string) => void;
}

export interface UpdaterResult {
  devices: number;
  updated: string[];
  failed: { serial: string; reason: string }[];
}

interface Offer {
  deploymentId: number;
  version: string;
  sizeBytes: number;
  sha256: string;
  downloadPath: string;
  state: string;
  progress: number;
}

const REASONS = [
  'not enough disk space for the package',
  'installer exited with code 3 (database migration failed)',
  'power was lost during installation',
];

async function call<T>(url: string, init: RequestInit = {}): Promise<T> {
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A small deterministic random source, so a run can be repeated. */
function random(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

export async function runDeviceUpdaters(opts: UpdaterOptions): Promise<UpdaterResult> {
  const base = opts.http.replace(/\/$/, '');
  const log = opts.log ?? (() => {});
  const rate = Math.max(1, opts.downloadKbps ?? 512) * 1024;
  const chunk = opts.chunkBytes ?? 64 * 1024;
  const failureRate = opts.failureRate ?? 0.1;
  const pollMs = (opts.pollSeconds ?? 5) * 1000;
  const until = Date.now() + (opts.seconds ?? 600) * 1000;
  const rnd = random(opts.seed ?? 42);

  const { token } = await call<{ token: string }>(`${base}/api/login`, {
    method: 'POST',
    body: JSON.stringify({ email: opts.email, password: opts.password }),
  });
  const auth = { 'x-access-token': token };
  const listed = await call<
    { id: number; serial: string; softwareVersion: string | null; siteId: number | null }[]
  >(`${base}/api/ha/devices`, { headers: auth });
  const chosen = listed.filter(
    (d) => d.siteId !== null && (!opts.serials || opts.serials.includes(d.serial)),
  );
  const result: UpdaterResult = { devices: chosen.length, updated: [], failed: [] };

  const play = async (device: (typeof chosen)[number]) => {
    const { key, header } = await call<{ key: string; header: string }>(`${base}/api/ha/deviceKey`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ deviceId: device.id }),
    });
    const dev = { [header]: key };
    let version = device.softwareVersion ?? undefined;
    const report = (deploymentId: number, body: object) =>
      call(`${base}/api/device/updates/${deploymentId}/progress`, {
        method: 'POST',
        headers: dev,
        body: JSON.stringify(body),
      });
    while (Date.now() < until) {
      const beat = await call<{ update?: Offer | null }>(`${base}/api/device/heartbeat`, {
        method: 'POST',
        headers: dev,
        body: JSON.stringify({ softwareVersion: version }),
      });
      const offer = beat.update;
      if (!offer) {
        await sleep(pollMs);
        continue;
      }
      // Decide up front whether (and where) this update will fail.
      const failAt = rnd() < failureRate ? rnd() : null;
      const reason = REASONS[Math.floor(rnd() * REASONS.length)]!;
      const parts: Buffer[] = [];
      let have = 0;
      let lastReported = -1;
      log(`${device.serial}: downloading ${offer.version} (${offer.sizeBytes} bytes)`);
      while (have < offer.sizeBytes && Date.now() < until) {
        if (failAt !== null && failAt < 0.7 && have / offer.sizeBytes >= failAt) break;
        const end = Math.min(have + chunk, offer.sizeBytes) - 1;
        const res = await fetch(`${base}${offer.downloadPath}`, {
          headers: { ...dev, range: `bytes=${have}-${end}` },
        });
        if (res.status !== 206 && res.status !== 200)
          throw new Error(`${device.serial}: download answered ${res.status}`);
        const bytes = Buffer.from(await res.arrayBuffer());
        parts.push(bytes);
        have += bytes.length;
        await sleep((bytes.length / rate) * 1000);
        const progress = Math.floor((have * 100) / offer.sizeBytes);
        if (progress >= lastReported + 10 || have === offer.sizeBytes) {
          await report(offer.deploymentId, { state: 'downloading', progress });
          lastReported = progress;
        }
      }
      if (have < offer.sizeBytes) {
        if (Date.now() >= until) break;
        await report(offer.deploymentId, {
          state: 'failed',
          reason: `download stopped at ${have} bytes: ${reason}`,
        });
        result.failed.push({ serial: device.serial, reason });
        log(`${device.serial}: failed (${reason})`);
        return;
      }
      const sum = createHash('sha256').update(Buffer.concat(parts)).digest('hex');
      if (sum !== offer.sha256) {
        await report(offer.deploymentId, { state: 'failed', reason: `checksum mismatch: got ${sum}` });
        result.failed.push({ serial: device.serial, reason: 'checksum mismatch' });
        return;
      }
      await report(offer.deploymentId, { state: 'installing' });
      await sleep(Math.min(pollMs, 2000));
      if (failAt !== null) {
        await report(offer.deploymentId, { state: 'failed', reason: `installation failed: ${reason}` });
        result.failed.push({ serial: device.serial, reason });
        log(`${device.serial}: failed (${reason})`);
        return;
      }
      // Rebooted into the new version: the next heartbeat says so, and confirms 'updated'.
      version = offer.version;
      await call(`${base}/api/device/heartbeat`, {
        method: 'POST',
        headers: dev,
        body: JSON.stringify({ softwareVersion: version }),
      });
      result.updated.push(device.serial);
      log(`${device.serial}: updated to ${version}`);
      return;
    }
  };
  await Promise.all(chosen.map((d) => play(d)));
  return result;
}
