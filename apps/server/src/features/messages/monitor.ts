import type { FastifyInstance } from 'fastify';
import { connectionThresholds } from '../../domain/fleet-status/connection';
import { evaluateAlerts } from './alerts';
import type { MessageDeps } from './deliver';
import { sendDigests } from './digest';

/** What the alert evaluator needs from the app, at the app's clock's now. */
export const messageDeps = (app: FastifyInstance): MessageDeps => ({
  db: app.db,
  mailer: app.mailer,
  now: app.now(),
  publicUrl: app.config.PUBLIC_URL.replace(/\/$/, ''),
  productName: app.config.PRODUCT_NAME,
});

/** One round: raise and resolve alerts, then send the digests that are due. Tests call this directly. */
export async function runAlertRound(app: FastifyInstance) {
  const deps = messageDeps(app);
  const alerts = await evaluateAlerts(deps, connectionThresholds(app.config));
  const digests = await sendDigests(deps);
  return { ...alerts, digests };
}

/**
 * The periodic alert evaluator, started by the process next to the device monitor (main.ts), at
 * the same pace as connection status (CONNECTION_EVALUATE_SECONDS). One round at a time; `stop()`
 * waits for a round in progress.
 */
export function startAlertMonitor(app: FastifyInstance): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = runAlertRound(app)
      .catch((err) => app.log.error({ err }, 'alert evaluation failed'))
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, app.config.CONNECTION_EVALUATE_SECONDS * 1000);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
