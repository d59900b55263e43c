import type { FastifyInstance } from 'fastify';
import { connectionThresholds, evaluateConnections } from '../../domain/fleet-status/connection';
import { refreshTubeForecasts } from '../../domain/fleet-status/tube-forecast';
import { placeLateFacts } from './assign';

/**
 * The periodic part of device monitoring, started by the process (not by tests, which call the
 * steps directly): connection status of devices that went quiet or were heard from by objects,
 * late facts of newly assigned devices, and tube forecasts with their alerts. One run at a time;
 * `stop()` waits for a run in progress.
 */
export function startDeviceMonitor(app: FastifyInstance): { stop(): Promise<void> } {
  const { config } = app;
  let running: Promise<void> | null = null;
  let lastForecast = 0;
  const run = async () => {
    const now = app.now();
    await evaluateConnections(app.db, now, connectionThresholds(config));
    await placeLateFacts(app.db);
    if (now.getTime() - lastForecast >= config.TUBE_FORECAST_REFRESH_MINUTES * 60_000) {
      await refreshTubeForecasts(app.db, now, config.TUBE_FORECAST_WINDOW_DAYS);
      lastForecast = now.getTime();
    }
  };
  const tick = () => {
    if (running) return;
    running = run()
      .catch((err) => app.log.error({ err }, 'device monitor run failed'))
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, config.CONNECTION_EVALUATE_SECONDS * 1000);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
