import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { type AnswerCache, createAnswerCache } from './analytics/answer-cache';
import { RollupFolder } from './analytics/rollups';
import { accountRoutes } from './features/accounts/routes';
import { adminAliasRoutes } from './features/admin/aliases';
import { adminRoutes } from './features/admin/routes';
import { appConfigRoutes } from './features/appconfig/routes';
import { authRoutes } from './features/auth/routes';
import { dashboardRoutes } from './features/dashboards/routes';
import { demoStatusRoutes } from './features/demo-status/routes';
import { heartbeatRoutes } from './features/devices/heartbeat-routes';
import { deviceRoutes } from './features/devices/routes';
import { exploreRoutes } from './features/explore/routes';
import { healthRoutes } from './features/health/routes';
import { identityProviderRoutes } from './features/identity-providers/routes';
import { ingestReportRoutes } from './features/ingest-reports/routes';
import { menuRoutes } from './features/menu/routes';
import { messageRoutes } from './features/messages/routes';
import { profileRoutes } from './features/profile/routes';
import { releaseRoutes } from './features/releases/routes';
import { reportRoutes } from './features/reports/routes';
import { reportScheduleRoutes } from './features/reports/schedules/routes';
import { siteDetailsRoutes } from './features/site-details/routes';
import { siteRoutes } from './features/sites/routes';
import { sitesMapRoutes } from './features/sites-map/routes';
import { mapTileSources } from './features/sites-map/tiles';
import { ssoRoutes } from './features/sso/routes';
import { technologistRoutes } from './features/technologists/routes';
import { tubeRoutes } from './features/tubes/routes';
import { webApp } from './features/web/static';
import { widgetRoutes } from './features/widgets/routes';
import { createIngestPipeline, type IngestPipeline } from './ingest/pipeline';
import { stowRoutes } from './ingest/stow/routes';
import { uploadRoutes } from './ingest/upload/routes';
import { publicAccess } from './platform/auth/access';
import { authGuard, declareLibraryRoutes } from './platform/auth/guard';
import type { SessionPolicy } from './platform/auth/sessions';
import type { Config } from './platform/config';
import type { Database, Db } from './platform/db';
import { registerErrorHandler } from './platform/errors';
import { allowEmptyJsonBody } from './platform/json-body';
import { loggerOptions } from './platform/logger';
import { createMailer, type Mailer } from './platform/mail';
import { foldMetrics, ingestMetrics, metrics } from './platform/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    /** The clock; tests replace it to move time without waiting. */
    now(): Date;
    sessionPolicy: SessionPolicy;
    /** The one ingest pipeline behind DIMSE, STOW-RS and upload (group commit across all three). */
    ingest: IngestPipeline;
    /** Outgoing mail: recorded in the outbox, sent through SMTP_URL when set (platform/mail). */
    mailer: Mailer;
    /** Widget answers, cached briefly (WIDGET_CACHE_SECONDS; analytics/answer-cache.ts). */
    answers: AnswerCache;
    /** Folds what ingest acknowledged into the rollups, continuously (analytics/rollups/folder.ts). */
    folder: RollupFolder;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  now?: () => Date;
  /** Tests pass false to keep their output readable. */
  logger?: boolean;
  /** Where log lines go (default: standard output); tests read them. */
  logStream?: { write(line: string): void };
  /** Run the rollup folder (default true; answers are exact without it, folding first). */
  foldRollups?: boolean;
}

/** Queue rows folded between two vacuums of the queue on PGlite: a few megabytes of pages. */
const QUEUE_VACUUM_ROWS = 10_000;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger === false ? false : loggerOptions(config.LOG_LEVEL, deps.logStream),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const policy: SessionPolicy = {
    idleMs: config.SESSION_IDLE_MINUTES * 60_000,
    maxMs: config.SESSION_MAX_HOURS * 3600_000,
  };
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('now', deps.now ?? (() => new Date()));
  app.decorate('sessionPolicy', policy);

  app.decorate('answers', createAnswerCache(config.WIDGET_CACHE_SECONDS));
  registerErrorHandler(app);
  allowEmptyJsonBody(app);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Mantine and ECharts set inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The sites map's tile service, when one is configured, and nothing else (docs/map.md).
        imgSrc: ["'self'", 'data:', 'blob:', ...mapTileSources(config)],
        connectSrc: ["'self'", ...mapTileSources(config)],
        frameSrc: ["'self'", 'https:'],
      },
    },
    crossOriginEmbedderPolicy: false,
    // The SSO logout window (product §4.3) goes to the identity provider; with 'same-origin' the
    // browser would cut it off from the portal, which then could not close it after 4 s.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: `${config.PRODUCT_NAME} API`, version: '0.1.0' },
      components: {
        securitySchemes: {
          accessToken: { type: 'apiKey', in: 'header', name: 'x-access-token' },
          deviceKey: { type: 'apiKey', in: 'header', name: 'x-device-key' },
        },
      },
      security: [{ accessToken: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(metrics);
  const folder = new RollupFolder(database.db, {
    log: app.log,
    // PGlite has no autovacuum: the folder keeps the queue small (folder.ts).
    vacuumQueueEvery: database.kind === 'pglite' ? QUEUE_VACUUM_ROWS : undefined,
  });
  app.decorate('folder', folder);
  foldMetrics(app.metrics, folder);
  app.decorate(
    'ingest',
    createIngestPipeline(database.ingestDbs, {
      now: () => app.now(),
      onBatch: ingestMetrics(app.metrics, () => app.ingest.lanes()),
      onCommit: () => folder.poke(),
      log: app.log,
    }),
  );
  app.addHook('onClose', async () => app.ingest.close());
  if (deps.foldRollups !== false) folder.start();
  app.addHook('onClose', async () => folder.stop());
  app.decorate(
    'mailer',
    createMailer(database.db, {
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      now: () => app.now(),
      log: app.log,
    }),
  );
  app.addHook('onClose', async () => app.mailer.close());
  // Before any route: the guard records every route and refuses to start if one declares no access.
  await app.register(authGuard, { policy });
  await app.register(async (docs) => {
    declareLibraryRoutes(docs, publicAccess);
    await docs.register(swaggerUi, { routePrefix: '/api/docs' });
  });

  await app.register(healthRoutes);
  await app.register(authRoutes, { prefix: '/api' });
  await app.register(ssoRoutes, { prefix: '/api' });
  await app.register(identityProviderRoutes, { prefix: '/api' });
  await app.register(menuRoutes, { prefix: '/api' });
  await app.register(dashboardRoutes, { prefix: '/api' });
  await app.register(appConfigRoutes, { prefix: '/api' });
  await app.register(releaseRoutes, { prefix: '/api' });
  await app.register(profileRoutes, { prefix: '/api' });
  await app.register(deviceRoutes, { prefix: '/api' });
  await app.register(heartbeatRoutes, { prefix: '/api' });
  await app.register(tubeRoutes, { prefix: '/api' });
  await app.register(widgetRoutes, { prefix: '/api' });
  await app.register(exploreRoutes, { prefix: '/api' });
  await app.register(siteDetailsRoutes, { prefix: '/api' });
  await app.register(sitesMapRoutes, { prefix: '/api' });
  await app.register(technologistRoutes, { prefix: '/api' });
  await app.register(siteRoutes, { prefix: '/api' });
  await app.register(uploadRoutes, { prefix: '/api' });
  await app.register(ingestReportRoutes, { prefix: '/api' });
  await app.register(demoStatusRoutes, { prefix: '/api' });
  await app.register(accountRoutes, { prefix: '/api' });
  await app.register(adminRoutes, { prefix: '/api' });
  await app.register(adminAliasRoutes, { prefix: '/api' });
  await app.register(messageRoutes, { prefix: '/api' });
  await app.register(reportRoutes, { prefix: '/api' });
  await app.register(reportScheduleRoutes, { prefix: '/api' });
  await app.register(stowRoutes);
  await app.register(webApp);
  return app;
}
