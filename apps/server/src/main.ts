import { ensureRollupsCurrent } from './analytics/rollups';
import { buildApp } from './app';
import {
  completeDemoHistory,
  createLiveDemo,
  DEMO_LOGINS,
  type DemoState,
  demoPassword,
  type LiveDemo,
  prepareDemo,
  syncDemoPasswords,
} from './demo';
import { startDeviceMonitor } from './features/devices/monitor';
import { startAlertMonitor } from './features/messages/monitor';
import { startScheduleRunner } from './features/reports/schedules/runner';
import { type DicomListener, limitsFromConfig, startDicomListener } from './ingest/dimse/listener';
import { purgeDeadSessions } from './platform/auth/sessions';
import { ConfigError, loadConfig } from './platform/config';
import { type Database, openPglite, openPostgres } from './platform/db';
import { DataDirLockedError } from './platform/db/lock';
import { startMetricsListener } from './platform/metrics';
import { packageStoreFrom } from './platform/package-store';

/**
 * The process: configuration → database → migrations → demo fleet (if empty) → HTTP; and a
 * clean shutdown on SIGINT/SIGTERM (the embedded database is checkpointed and unlocked).
 */
async function main() {
  const config = loadConfig();
  const database: Database = config.DATABASE_URL
    ? await openPostgres(config.DATABASE_URL, undefined, config.INGEST_CONNECTIONS)
    : await openPglite(config.dataDir);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`\n${signal}: shutting down…`);
    await live?.stop().catch(() => {});
    await monitor?.stop().catch(() => {});
    await alerts?.stop().catch(() => {});
    await schedules?.stop().catch(() => {});
    await history;
    // Objects already received are committed and answered before the connections drop.
    await dicom?.close(() => app!.ingest.close()).catch(() => {});
    await app?.close().catch(() => {});
    await database.close().catch((err) => console.error('closing the database failed:', err));
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let monitor: ReturnType<typeof startDeviceMonitor> | undefined;
  let alerts: ReturnType<typeof startAlertMonitor> | undefined;
  let schedules: ReturnType<typeof startScheduleRunner> | undefined;
  let dicom: DicomListener | undefined;
  let live: LiveDemo | undefined;
  let history: Promise<void> | undefined;

  await database.migrate();
  if (await ensureRollupsCurrent(database.db))
    console.log('Rollups rebuilt from the facts (their definition changed).');
  const where = config.DATABASE_URL ? 'PostgreSQL' : `the embedded database in ${config.dataDir}`;
  console.log(`Kestrel: using ${where}.`);

  let password: string | undefined;
  let demoState: DemoState | null = null;
  if (config.DEMO_FLEET) {
    password = demoPassword(config).password;
    const started = Date.now();
    const first = await prepareDemo(database.db, password, {
      seed: config.DEMO_SEED,
      days: config.DEMO_DAYS,
      devices: config.DEMO_DEVICES,
      recentDays: config.DEMO_RECENT_DAYS,
      now: new Date(),
      log: (line) => console.log(line),
      packages: packageStoreFrom(config),
    });
    demoState = first.state;
    if (first.images) {
      console.log(
        `Demo fleet ready: ${first.images.toLocaleString('en-US')} images of the last ${demoState!.recentDays} days in ${seconds(started)} s.`,
      );
    }
    await syncDemoPasswords(database.db, password);
  }
  app = await buildApp({ config, database });
  await app.listen({ port: config.PORT, host: config.HOST });
  // Scheduled reports mailed as PDFs (docs/reports.md "Schedules"); checks once a minute.
  schedules = startScheduleRunner(app);
  const housekeeping = setInterval(
    () => void purgeDeadSessions(database.db, new Date()).catch(() => {}),
    3600_000,
  );
  housekeeping.unref();
  dicom = await startDicomListener({
    port: config.DICOM_PORT,
    aeTitle: config.DICOM_AE_TITLE,
    db: database.db,
    pipeline: app.ingest,
    log: app.log,
    limits: limitsFromConfig(config),
  });

  const metricsListener =
    config.METRICS_PORT === undefined
      ? undefined
      : await startMetricsListener(app.metrics, config.METRICS_PORT, config.METRICS_HOST);

  const port = (app.server.address() as { port: number }).port;
  const url = `http://localhost:${port}`;
  console.log(`\n${config.PRODUCT_NAME} is running at ${url}  (API docs: ${url}/api/docs)`);
  console.log(`DICOM listener: AE title ${config.DICOM_AE_TITLE} on port ${dicom.port}`);
  if (metricsListener) {
    console.log(`Metrics: http://${config.METRICS_HOST}:${metricsListener.port}/metrics`);
  }
  if (password) {
    console.log('\nDemo logins (one per role):');
    for (const l of DEMO_LOGINS) console.log(`  ${l.email.padEnd(30)} ${l.role}`);
    console.log(
      `  password: ${password}${config.DEMO_PASSWORD ? ' (from DEMO_PASSWORD)' : ` (kept in ${config.dataDir}/demo-password)`}`,
    );
  }
  console.log('\nPress Ctrl+C to stop.');

  if (demoState) {
    // The rest of the demo history arrives while the portal is in use (docs/demo.md).
    const started = Date.now();
    const running = app;
    history = completeDemoHistory(database.db, {
      log: (line) => console.log(line),
      stopped: () => closing,
    })
      .then(({ state, images }) => {
        if (images && state?.complete) {
          console.log(
            `Demo history complete: ${state.days} days, ${images.toLocaleString('en-US')} more images in ${seconds(started)} s.`,
          );
        }
      })
      .catch((err) => running.log.error({ err }, 'loading the demo history failed'));
  }
  if (demoState && config.DEMO_LIVE) {
    live = createLiveDemo(app, { intervalMs: config.DEMO_LIVE_INTERVAL_SECONDS * 1000 });
    // The first round fills the time the server was away; the monitor starts after it, so that
    // no demo device is marked lost for the hours nobody was listening.
    const running = app;
    const first = live;
    void first
      .tick()
      .then(
        (t) =>
          t.objects &&
          console.log(`Living demo: ${t.objects.toLocaleString('en-US')} objects sent since the last run.`),
      )
      .catch((err) => running.log.error({ err }, 'living demo round failed'))
      .finally(() => {
        if (closing) return;
        first.start();
        monitor = startDeviceMonitor(running);
        alerts = startAlertMonitor(running);
      });
  } else {
    // Connection status of quiet devices, late facts of newly assigned ones, tube forecasts.
    monitor = startDeviceMonitor(app);
    // Alerts once per episode, and the daily digests (docs/messages.md).
    alerts = startAlertMonitor(app);
  }
}

const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error('Kestrel could not start:', err);
  }
  process.exit(1);
});
