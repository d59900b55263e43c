/**
 * `npm run sim -- --devices N --days D [--host 127.0.0.1 --port 11112 --http http://127.0.0.1:8080]`
 *
 * Plays a simulated fleet into a running Kestrel the way a real one would: each device's MG
 * images, rejection notes and dose reports (RDSR) as DICOM Part-10 objects over DIMSE C-STORE,
 * a device per association (`--associations` at a time), then a heartbeat per device over HTTP.
 * Heartbeats need device keys, issued by a provider admin or service user whose credentials are
 * in KESTREL_SIM_EMAIL / KESTREL_SIM_PASSWORD; without them heartbeats are skipped.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sendFiles } from './dimse';
import { sendHeartbeats } from './heartbeats';
import { type ObjectKind, writeFleetObjects } from './objects';
import { runDeviceUpdaters } from './updater';

const { values: a } = parseArgs({
  options: {
    devices: { type: 'string', default: '10' },
    days: { type: 'string', default: '1' },
    seed: { type: 'string', default: 'kestrel-sim' },
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: process.env.DICOM_PORT ?? '11112' },
    aet: { type: 'string', default: process.env.DICOM_AE_TITLE ?? 'KESTREL' },
    calling: { type: 'string', default: 'KESTREL_SIM' },
    associations: { type: 'string', default: '4' },
    http: { type: 'string' },
    out: { type: 'string' },
    'no-dose-reports': { type: 'boolean', default: false },
    updates: { type: 'boolean', default: false },
    'download-kbps': { type: 'string', default: '512' },
    'failure-rate': { type: 'string', default: '0.1' },
    'poll-seconds': { type: 'string', default: '5' },
    minutes: { type: 'string', default: '10' },
    help: { type: 'boolean', default: false },
  },
});
if (a.help) {
  console.log(`npm run sim -- [options]
  --devices N         devices that send (default 10)         --days D        days of history up to now (default 1)
  --seed S            fleet seed (default kestrel-sim; 'kestrel' plays the demo's own devices)
  --host H --port P   Kestrel's DICOM listener (default 127.0.0.1:11112)   --aet AE  called AE title (KESTREL)
  --calling AE        calling AE title (KESTREL_SIM)         --associations N  parallel associations (4)
  --http URL          Kestrel's HTTP address for heartbeats (with KESTREL_SIM_EMAIL / KESTREL_SIM_PASSWORD)
  --out DIR           keep the Part-10 files there (default: a temp folder, removed after)
  --no-dose-reports   images and rejection notes only
  --updates           instead: play devices taking software updates (docs/releases.md §7) against --http,
                      with KESTREL_SIM_EMAIL / KESTREL_SIM_PASSWORD; --download-kbps N (512),
                      --failure-rate 0…1 (0.1), --poll-seconds N (5), --minutes N (10)`);
  process.exit(0);
}
const int = (name: string, v: string | undefined, min: number) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) {
    console.error(`--${name} must be a whole number ≥ ${min} (got ${v})`);
    process.exit(2);
  }
  return n;
};
if (a.updates) {
  const email = process.env.KESTREL_SIM_EMAIL;
  const password = process.env.KESTREL_SIM_PASSWORD;
  if (!a.http || !email || !password) {
    console.error('--updates needs --http and KESTREL_SIM_EMAIL / KESTREL_SIM_PASSWORD');
    process.exit(2);
  }
  const failureRate = Number(a['failure-rate']);
  if (!(failureRate >= 0 && failureRate <= 1)) {
    console.error(`--failure-rate must lie between 0 and 1 (got ${a['failure-rate']})`);
    process.exit(2);
  }
  const r = await runDeviceUpdaters({
    http: a.http,
    email,
    password,
    downloadKbps: int('download-kbps', a['download-kbps'], 1),
    failureRate,
    pollSeconds: int('poll-seconds', a['poll-seconds'], 1),
    seconds: int('minutes', a.minutes, 1) * 60,
    log: (line) => console.log(line),
  });
  console.log(`${r.devices} devices played: ${r.updated.length} updated, ${r.failed.length} failed`);
  process.exit(0);
}
const devices = int('devices', a.devices, 1);
const days = int('days', a.days, 1);
const port = int('port', a.port, 1);
const associations = int('associations', a.associations, 1);

const dir = a.out ?? mkdtempSync(path.join(tmpdir(), 'kestrel-sim-'));
const { fleet, objects } = writeFleetObjects({
  seed: a.seed!,
  devices,
  days,
  now: new Date(),
  dir,
  doseReports: !a['no-dose-reports'],
});
const count = (k: ObjectKind) => objects.filter((o) => o.kind === k).length;
const kb = objects.reduce((n, o) => n + o.bytes, 0) / 1024;
console.log(
  `${fleet.devices.length} devices, ${days} day(s): ${count('image')} images, ${count('doseReport')} dose reports, ` +
    `${count('rejection')} rejection notes (${(kb / 1024).toFixed(1)} MB) → ${a.host}:${port} ${a.aet}`,
);

// A device's objects stay on one association, in the order it made them.
const serials = [...new Set(objects.map((o) => o.serial))];
const laneOfSerial = new Map(serials.map((s, i) => [s, i]));
const result = await sendFiles(
  { host: a.host!, port, calledAe: a.aet!, callingAe: a.calling! },
  objects.map((o) => o.file),
  associations,
  (i) => laneOfSerial.get(objects[i]!.serial)!,
);
console.log(
  `sent ${result.ok}/${objects.length} in ${result.seconds.toFixed(1)} s (${(result.ok / result.seconds).toFixed(0)}/s)` +
    (result.failed.length ? `; ${result.failed.length} failed, first: ${result.failed[0]!.reason}` : ''),
);

const email = process.env.KESTREL_SIM_EMAIL;
const password = process.env.KESTREL_SIM_PASSWORD;
if (a.http && email && password) {
  const hb = await sendHeartbeats(fleet, { http: a.http, email, password });
  console.log(
    `heartbeats: ${hb.sent} sent${hb.unknown ? `, ${hb.unknown} devices unknown to Kestrel or not visible to this account` : ''}`,
  );
} else {
  console.log('heartbeats skipped (give --http and KESTREL_SIM_EMAIL / KESTREL_SIM_PASSWORD to send them)');
}
if (!a.out) rmSync(dir, { recursive: true, force: true });
process.exitCode = result.failed.length ? 1 : 0;
