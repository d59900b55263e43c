import { sessionAccess } from '../../platform/auth/access';

/** Who may do what with releases and rollouts (docs/releases.md). */
/** Register releases, upload packages, release and withdraw; set windows and approval rules. */
export const RELEASE_ADMIN = sessionAccess({ roles: ['provider_admin'] });
/** Read releases and rollouts, preview and deploy, pause/resume/cancel: provider staff, within their scope. */
export const DEPLOYERS = sessionAccess({ roles: ['provider_admin', 'service', 'sales'] });
/** Approve or decline updates: customer admins for their own customer's sites; provider admins see all. */
export const APPROVERS = sessionAccess({ roles: ['provider_admin', 'customer_admin'] });
