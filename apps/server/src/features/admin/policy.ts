import { sessionAccess } from '../../platform/auth/access';

/** Who may call which administrative route (docs/administration.md "Who may do what"). */
export const PROVIDER_ADMIN = sessionAccess({ roles: ['provider_admin'] });
/** Read customers and sites: provider admins, sales reps (their accounts), customer admins (own tree). */
export const CUSTOMER_READERS = sessionAccess({ roles: ['provider_admin', 'sales', 'customer_admin'] });
/** Add and edit customers and sites: provider admins, sales reps for their accounts. */
export const CUSTOMER_EDITORS = sessionAccess({ roles: ['provider_admin', 'sales'] });
/** Users and the audit trail: provider admins (everyone), customer admins (own customer). */
export const USER_ADMINS = sessionAccess({ roles: ['provider_admin', 'customer_admin'] });
/** The sales rep's home and own assignments. */
export const SALES = sessionAccess({ roles: ['provider_admin', 'sales'] });
