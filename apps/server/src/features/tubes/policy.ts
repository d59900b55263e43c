import type { Role } from '@kestrel/contract';

/**
 * Tube life is read by everyone within their scope (devices of their sites). Recording a
 * replacement is service work: provider admins and service engineers only.
 */
export const TUBE_CHANGERS: readonly Role[] = ['provider_admin', 'service'];
