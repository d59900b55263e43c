import type { Role } from '@kestrel/contract';
import { type SQL, sql } from 'drizzle-orm';
import { devices } from '../../platform/db/schema';
import { type Scope, siteVisible } from '../../platform/scope';

/**
 * Who may do what with devices (docs/architecture.md "Who sees what"). Provider admins and service engineers see the
 * whole fleet, including devices still pending onboarding; they alone issue device keys,
 * assign devices and record tube replacements. Everyone else sees the devices of the sites in
 * their scope, and never a pending device (it has no site).
 */
export const DEVICE_ADMINS: readonly Role[] = ['provider_admin', 'service'];

export function deviceVisible(scope: Scope): SQL {
  return scope.all ? sql`true` : siteVisible(scope, devices.siteId);
}
