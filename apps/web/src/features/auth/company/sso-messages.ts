import type { SsoError } from '@kestrel/contract';

/** What the login page says when a company sign-in failed (docs/sso.md "Failures"). */
export const SSO_MESSAGES: Record<SsoError, string> = {
  provider_unavailable:
    'Your company sign-in service did not answer. Try again in a few minutes; if it keeps failing, contact your IT department.',
  no_provider:
    'No company sign-in is set up for this address. Sign in with your e-mail and password instead.',
  invalid_state:
    'This sign-in could not be matched to one started here (perhaps an old or copied link). Please start again.',
  expired: 'The sign-in took too long or its code was already used. Please start again.',
  already_used: 'This sign-in was already completed. Please start again.',
  provider_refused:
    'Your company sign-in service refused the sign-in. Try again, or contact your IT department.',
  token_rejected:
    'The answer of your company sign-in service could not be verified, so you were not signed in. Please start again.',
  clock_skew:
    'The clocks of your company sign-in service and of this portal disagree, so its answer could not be trusted. Contact your administrator.',
  no_email:
    'Your company sign-in service did not tell us your e-mail address. Ask your IT department to release the e-mail claim to this portal.',
  not_linked:
    'Your company account is not linked to a user of this portal. Ask your administrator to set up your access.',
  unknown_user: 'You do not have an account in this portal yet. Ask your administrator to invite you.',
  deactivated: 'Your account has been deactivated. Contact your administrator.',
  unlock_mismatch:
    'Your company sign-in service signed in a different person, so the session stays locked. Unlock with your own account, or sign out.',
  unlock_session_ended: 'Your session ended while it was locked. Please sign in again.',
};

export const ssoMessage = (code: string | null) =>
  code ? (SSO_MESSAGES[code as SsoError] ?? 'Company sign-in failed. Please try again.') : null;
