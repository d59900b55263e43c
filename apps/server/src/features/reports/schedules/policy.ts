import type { DashboardRef, Role } from '@kestrel/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sitesFor } from '../../../analytics/answer';
import { allowedRoles } from '../../../platform/auth/access';
import { dashboardWidgets } from '../dashboards/build';
import type { ReportDefinition } from '../definitions/definition';

/** Whether a role may read a report: the access its export route declares (at creation and at each run). */
export function mayRead(report: ReportDefinition, role: Role): boolean {
  const roles = allowedRoles(report.access);
  if (roles === 'none') return false;
  return roles === null || roles.includes(role);
}

/**
 * A dashboard the caller may open (their own, a template or a built-in one; another person's is
 * a 404) and a site they may see (403 otherwise): what a dashboard schedule stores.
 */
export async function dashboardTarget(
  app: FastifyInstance,
  request: FastifyRequest,
  ref: DashboardRef,
  site: number | undefined,
) {
  const scope = await request.scope();
  const { title } = await dashboardWidgets({ app, user: request.user, scope, now: app.now() }, ref);
  sitesFor(scope, site);
  return typeof ref === 'number'
    ? { dashboardId: ref, builtInDashboard: null, name: title }
    : { dashboardId: null, builtInDashboard: ref, name: title };
}
