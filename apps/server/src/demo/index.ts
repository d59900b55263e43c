import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { generateFleet, type SimFleet } from '@kestrel/fleet-sim';
import { count, eq, sql } from 'drizzle-orm';
import { verifyPassword } from '../platform/auth/passwords';
import type { Config } from '../platform/config';
import type { Db } from '../platform/db';
import { customers, users } from '../platform/db/schema';
import type { PackageStore } from '../platform/package-store';
import { createDemoAdministration } from './admin';
import { createDemoContent } from './content';
import {
  fleetDeviceIds,
  loadFleetDay,
  loadFleetRegistry,
  setConnectionState,
  setTubeWear,
} from './load-fleet';
import { createDemoPeople, DEMO_LOGINS, setDemoPasswords } from './people';
import { type DemoState, dayOrder, patchDemoState, readDemoState, writeDemoState } from './state';

export { createLiveDemo, type LiveDemo, type LiveTick } from './live';
export type { DemoState } from './state';
export { DEMO_LOGINS };

export interface DemoOptions {
  seed: string;
  days: number;
  devices: number;
  /** Days (the most recent) stored before `prepareDemo` returns; the rest is `completeDemoHistory`'s. */
  recentDays?: number;
  now: Date;
  log: (line: string) => void;
  /** Where the demo's release package is kept (the server's package store); without it the demo release has none. */
  packages?: PackageStore;
}

/** Load the demo fleet, people and content into an empty database, all of it. Returns the images stored. */
export async function loadDemo(db: Db, password: string, opts: DemoOptions): Promise<number> {
  const first = await prepareDemo(db, password, { ...opts, recentDays: opts.recentDays ?? opts.days });
  return first.images + (await completeDemoHistory(db, opts)).images;
}

/**
 * The demo's start (docs/demo.md, "Fast first start"): on an empty database, the fleet's registry
 * and its most recent days, then connection states, tube wear, people and content — enough to use
 * the portal. A start that was cut short resumes where it stopped. Returns the state (null: the
 * database holds something other than a demo) and the images stored now.
 */
export async function prepareDemo(
  db: Db,
  password: string,
  opts: DemoOptions,
): Promise<{ state: DemoState | null; images: number }> {
  let state = await readDemoState(db);
  if (!state) {
    if (!(await databaseIsEmpty(db))) return { state: null, images: 0 };
    state = {
      seed: opts.seed,
      devices: opts.devices,
      days: opts.days,
      recentDays: Math.min(opts.recentDays ?? opts.days, opts.days),
      anchor: opts.now.toISOString(),
      daysLoaded: 0,
      prepared: false,
      complete: false,
      sentUntil: {},
    };
    const fleet = fleetOf(state);
    opts.log(
      `Loading the demo fleet (seed "${state.seed}"): ${fleet.customers.length} customers, ${fleet.sites.length} sites, ` +
        `${fleet.devices.length} devices, ${state.days} days of exams: the last ${state.recentDays} now, the rest in the background.`,
    );
    const initial = state;
    await db.transaction(async (tx) => {
      await loadFleetRegistry(tx, fleet, opts.now);
      await writeDemoState(tx, initial);
    });
  }
  const fleet = fleetOf(state);
  const anchor = new Date(state.anchor);
  let images = 0;
  const order = dayOrder(state);
  while (state.daysLoaded < Math.min(state.recentDays, order.length)) {
    images += (await loadNextDay(db, fleet, state, anchor)).images;
  }
  if (!state.prepared) {
    const ids = await fleetDeviceIds(db, fleet);
    await setConnectionState(db, fleet, ids, anchor);
    await setTubeWear(db, fleet, ids, anchor);
    if (!(await demoPeopleExist(db))) {
      await createDemoPeople(db, password);
      await createDemoAdministration(db, anchor);
    }
    await createDemoContent(db, anchor, opts.packages);
    state.prepared = true;
    await patchDemoState(db, { prepared: true });
  }
  return { state, images };
}

/**
 * The rest of the demo history, one day per transaction, older and older (docs/demo.md,
 * "Background history"); each day's progress is written with its facts. At the end the tube wear
 * is set again, now that the older use is counted. Safe to run again: it continues where it stopped.
 */
export async function completeDemoHistory(
  db: Db,
  opts: {
    log: (line: string) => void;
    onDay?: (state: DemoState) => void;
    /** Checked between days: true stops (shutting down). */
    stopped?: () => boolean;
  },
): Promise<{ state: DemoState | null; images: number }> {
  const state = await readDemoState(db);
  if (!state?.prepared || state.complete) return { state, images: 0 };
  const fleet = fleetOf(state);
  const anchor = new Date(state.anchor);
  let images = 0;
  let lastReport = Date.now();
  while (state.daysLoaded < state.days) {
    // PGlite answers within the same turn of the event loop, so without a pause the loop would
    // never let a request in: give the portal a moment between days.
    await breather();
    if (opts.stopped?.()) return { state, images };
    const day = await loadNextDay(db, fleet, state, anchor, true);
    images += day.images;
    opts.onDay?.(state);
    if (Date.now() - lastReport > 10_000) {
      lastReport = Date.now();
      opts.log(`  … demo history: ${state.daysLoaded} of ${state.days} days (back to ${day.day})`);
    }
  }
  const ids = await fleetDeviceIds(db, fleet);
  await setTubeWear(db, fleet, ids, anchor, { reset: true });
  await setFirstSeen(db);
  state.complete = true;
  await patchDemoState(db, { complete: true });
  return { state, images };
}

/** Pause between parts of background history, for requests waiting on the database. */
const BREATHER_MS = 20;
const BACKGROUND_PART_OBJECTS = 300;
const breather = () => new Promise<void>((r) => setTimeout(r, BREATHER_MS));

async function loadNextDay(db: Db, fleet: SimFleet, state: DemoState, anchor: Date, background = false) {
  const daysAgo = dayOrder(state)[state.daysLoaded]!;
  const next = state.daysLoaded + 1;
  const day = await loadFleetDay(db, fleet, daysAgo, {
    now: anchor,
    alsoInTx: (tx) => patchDemoState(tx, { daysLoaded: next }),
    // In the background, small transactions with a pause between them keep pages answering.
    ...(background ? { partObjects: BACKGROUND_PART_OBJECTS, between: breather } : {}),
  });
  state.daysLoaded = next;
  return day;
}

/** Days arrive newest first, so a device's first contact is set again from its oldest fact. */
async function setFirstSeen(db: Db) {
  await db.execute(sql`update devices d set first_seen_at = f.first
    from (select device_id, min(ingested_at) as first from image_facts group by device_id) f
    where f.device_id = d.id and (d.first_seen_at is null or f.first < d.first_seen_at)`);
}

const fleets = new Map<string, SimFleet>();
function fleetOf(state: DemoState): SimFleet {
  const key = `${state.seed}|${state.devices}|${state.days}`;
  let fleet = fleets.get(key);
  if (!fleet) {
    fleet = generateFleet({ seed: state.seed, devices: state.devices, days: state.days });
    fleets.clear();
    fleets.set(key, fleet);
  }
  return fleet;
}

async function demoPeopleExist(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.email, DEMO_LOGINS[0]!.email));
  return (row?.n ?? 0) > 0;
}

export async function databaseIsEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(customers);
  return (row?.n ?? 0) === 0;
}

/**
 * The demo password: DEMO_PASSWORD when set; otherwise the one generated at first start and
 * kept in the data directory (readable by this user only). Never a password written in code.
 */
export function demoPassword(config: Config): { password: string; source: 'env' | 'file' | 'generated' } {
  if (config.DEMO_PASSWORD) return { password: config.DEMO_PASSWORD, source: 'env' };
  const file = path.join(config.dataDir, 'demo-password');
  if (fs.existsSync(file)) return { password: fs.readFileSync(file, 'utf8').trim(), source: 'file' };
  const password = randomBytes(12).toString('base64url');
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return { password, source: 'generated' };
}

/** Keep the printed password true: if the demo logins do not accept it, set it. */
export async function syncDemoPasswords(db: Db, password: string): Promise<void> {
  const [admin] = await db.select().from(users).where(eq(users.email, DEMO_LOGINS[0]!.email));
  if (!admin) return;
  if (!admin.passwordHash || !(await verifyPassword(admin.passwordHash, password))) {
    await setDemoPasswords(db, password);
  }
}
