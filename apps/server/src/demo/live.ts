import { generateFleet, type SimFleet, toPart10 } from '@kestrel/fleet-sim';
import type { FastifyInstance } from 'fastify';
import { recordHeartbeat } from '../features/devices/heartbeat';
import type { IngestResult } from '../ingest/pipeline';
import { keepsSending, objectsBetween, reachable } from './live-plan';
import { fleetDeviceIds } from './load-fleet';
import { type DemoState, patchDemoState, readDemoState } from './state';

/** Objects handed to the pipeline at once: a day's gap of a busy device is sent in parts. */
const SEND_CHUNK = 400;

export interface LiveTick {
  heartbeats: number;
  objects: number;
  outcomes: Partial<Record<IngestResult['outcome'], number>>;
}

export interface LiveDemo {
  /** One round now: every reachable device sends a heartbeat, then its exams since it last sent. */
  tick(): Promise<LiveTick>;
  /** Start a round every interval. */
  start(): void;
  /** Stop the timer and wait for a round in progress. */
  stop(): Promise<void>;
}

/**
 * The living demo (docs/demo.md): while the server runs, the demo fleet's devices keep working
 * through the same doors real devices use — a heartbeat through the heartbeat service, their
 * exams as DICOM objects through the ingest pipeline, each as its own device (the pipeline
 * refuses an object of another device). After a restart, the first round sends what each device
 * would have sent while the server was away, so the charts have no hole.
 */
export function createLiveDemo(
  app: FastifyInstance,
  opts: { intervalMs: number; onTick?: (t: LiveTick) => void },
): LiveDemo {
  let fleet: { state: DemoState; fleet: SimFleet } | null = null;
  let running: Promise<LiveTick> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const fleetOf = (state: DemoState) => {
    if (fleet?.state.seed !== state.seed || fleet.state.anchor !== state.anchor) {
      fleet = { state, fleet: generateFleet({ seed: state.seed, devices: state.devices, days: state.days }) };
    }
    return fleet.fleet;
  };

  const round = async (): Promise<LiveTick> => {
    const result: LiveTick = { heartbeats: 0, objects: 0, outcomes: {} };
    const state = await readDemoState(app.db);
    if (!state?.prepared) return result;
    const sim = fleetOf(state);
    const now = app.now();
    const ids = await fleetDeviceIds(app.db, sim);
    const alive = sim.devices.filter((d) => keepsSending(d) && reachable(d, now));

    // Heartbeats first: after a restart no device should look lost while the gap is filled.
    for (const d of alive) {
      await new Promise((r) => setImmediate(r));
      const id = ids.get(d.key);
      // A device nobody registered has no key, so it cannot send heartbeats; it only sends DICOM.
      if (id === undefined || d.siteKey === null || stopped) continue;
      await recordHeartbeat(
        app.db,
        app.config,
        id,
        { softwareVersion: d.softwareVersion, uptimeSeconds: 3600 * (8 + (id % 40)), freeDiskMb: 20_000 },
        now,
      );
      result.heartbeats++;
    }

    const sentUntil = { ...state.sentUntil };
    for (const d of alive) {
      if (stopped) break;
      const from = new Date(sentUntil[d.key] ?? state.anchor);
      const objects = objectsBetween(sim, d, from, now);
      const id = ids.get(d.key);
      for (let i = 0; i < objects.length; i += SEND_CHUNK) {
        // Let requests in between parts: the embedded database answers without yielding.
        await new Promise((r) => setImmediate(r));
        const results = await Promise.all(
          objects.slice(i, i + SEND_CHUNK).map((o, n) => {
            const bytes = toPart10(o.record);
            return app.ingest.ingest({
              bytes: o.truncated ? bytes.subarray(0, 300) : bytes,
              source: {
                door: 'demo',
                fileName: `${d.serial}-${now.toISOString()}-${i + n + 1}.dcm`,
                // As the device itself: the same check as a device sending with its own key.
                constraint: id === undefined ? undefined : { asDevice: id },
              },
            });
          }),
        );
        for (const r of results) result.outcomes[r.outcome] = (result.outcomes[r.outcome] ?? 0) + 1;
        result.objects += results.length;
        // Something the database could not take is sent again next round.
        if (results.some((r) => r.retryable)) return result;
      }
      sentUntil[d.key] = now.toISOString();
      await patchDemoState(app.db, { sentUntil });
    }
    return result;
  };

  const tick = () => {
    if (!running) {
      running = round()
        .then((t) => {
          opts.onTick?.(t);
          return t;
        })
        .finally(() => {
          running = null;
        });
    }
    return running;
  };

  return {
    tick,
    start: () => {
      timer = setInterval(
        () => void tick().catch((err) => app.log.error({ err }, 'living demo round failed')),
        opts.intervalMs,
      );
      timer.unref();
    },
    stop: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}
