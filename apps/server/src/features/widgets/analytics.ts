import type { FastifyInstance } from 'fastify';
import type { Analytics } from '../../analytics/answer';
import { connectionThresholds } from '../../domain/fleet-status/connection';

/** What analytics needs of the app, read for one request: its database, clock, thresholds and answer cache. */
export const analyticsOf = (app: FastifyInstance): Analytics => ({
  db: app.db,
  now: app.now(),
  connection: connectionThresholds(app.config),
  answers: app.answers,
});
