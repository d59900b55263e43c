import { ensureRollupsCurrent } from './analytics/rollups';
import { buildApp } from './app';
import { DEMO_LOGINS, databaseIsEmpty, demoPassword, loadDemo, syncDemoPasswords } from './demo';
import { startDeviceMonitor } from './features/devices/monitor';
import { type DicomListener, limitsFromConfig, startDicomListener } from './ingest/dimse/listener';
import { purgeDeadSessions } from './platform/auth/sessions';
import { ConfigError, loadConfig } from './platform/config';
import { type Database, openPglite, openPostgres } from './platform/db';
import { DataDirLockedError } from './platform/db/lock';
import { startMetricsListener } from './platform/metrics';

/**
 * The process: configuration → database → migrations → demo fleet (if empty) → HTTP; and a
 * clean shutdown on SIGINT/SIGTERM (the embedded database is checkpointed and unlocked).
 */
async function main() {
  const config = loadConfig();
  const database: Database = config.DATABASE_URL
    ? await openPostgres(config.DATABASE_URL)
    : await openPglite(config.dataDir);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`\n${signal}: shutting down…`);
    await monitor?.stop().catch(() => {});
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
  let dicom: DicomListener | undefined;

  await database.migrate();
  if (await ensureRollupsCurrent(database.db))
    console.log('Rollups rebuilt from the facts (their definition changed).');
  const where = config.DATABASE_URL ? 'PostgreSQL' : `the embedded database in ${config.dataDir}`;
  console.log(`Kestrel: using ${where}.`);

  let password: string | undefined;
  if (config.DEMO_FLEET) {
    password = demoPassword(config).password;
    if (await databaseIsEmpty(database.db)) {
      const started = Date.now();
      const facts = await loadDemo(database.db, password, {
        seed: config.DEMO_SEED,
        days: config.DEMO_DAYS,
        devices: config.DEMO_DEVICES,
        now: new Date(),
        log: (line) => console.log(line),
      });
      console.log(
        `Demo fleet loaded: ${facts.toLocaleString('en-US')} images in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
      );
    } else {
      await syncDemoPasswords(database.db, password);
    }
  }

  app = await buildApp({ config, database });
  await app.listen({ port: config.PORT, host: config.HOST });
  const housekeeping = setInterval(
    () => void purgeDeadSessions(database.db, new Date()).catch(() => {}),
    3600_000,
  );
  housekeeping.unref();
  // Connection status of quiet devices, late facts of newly assigned ones, tube forecasts.
  monitor = startDeviceMonitor(app);

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
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error('Kestrel could not start:', err);
  }
  process.exit(1);
});
