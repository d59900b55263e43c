import type { Role } from '@kestrel/contract';
import { allowedRoles } from '../../../platform/auth/access';
import type { ReportDefinition } from '../definitions/definition';

/** Whether a role may read a report: the access its export route declares (at creation and at each run). */
export function mayRead(report: ReportDefinition, role: Role): boolean {
  const roles = allowedRoles(report.access);
  if (roles === 'none') return false;
  return roles === null || roles.includes(role);
}
