import type { FastifyInstance } from 'fastify';
import type { AuthUser } from '../../platform/auth/sessions';
import type { Scope } from '../../platform/scope';

/** What building a report needs: the app (database, clock, configuration) and whom it is for. */
export interface ReportContext {
  app: FastifyInstance;
  user: AuthUser;
  scope: Scope;
  now: Date;
}
