import { isProviderRole, type Role } from '@kestrel/contract';

/**
 * What a local account must still do after its password was right (docs/accounts.md "Second
 * factor"): 'verify' when it has TOTP set up; 'enrol' when it is provider staff and the server
 * requires TOTP of them; null when the password is enough. SSO accounts never get here: their
 * company's sign-in decides.
 */
export function secondFactorDue(
  user: { userType: string; role: Role; totpEnabledAt: Date | null },
  requiredForProvider: boolean,
): 'verify' | 'enrol' | null {
  if (user.userType !== 'local') return null;
  if (user.totpEnabledAt) return 'verify';
  if (requiredForProvider && isProviderRole(user.role)) return 'enrol';
  return null;
}

/** May the account turn its second factor off? Not when the server requires it of them. */
export const secondFactorRequired = (role: Role, requiredForProvider: boolean) =>
  requiredForProvider && isProviderRole(role);
