import type { EulaStatus, RecoveryCodes, SecondFactorStatus, TotpSetup } from '@kestrel/contract';
import { api, HttpError } from '../../api/client';

/** Calls of the self-service account features (docs/accounts.md). Callers show their own errors. */
const silent = { silent: true } as const;
export const accountsApi = {
  eulaStatus: async () => (await api.get<EulaStatus>('eulastatus', silent)).result,
  acceptEula: async (version: string) =>
    (await api.post<EulaStatus>('eulaccept', { version }, silent)).result,
  forgot: async (email: string) => (await api.post<string>('forgotPassword', { email }, silent)).result,
  lock: async () => (await api.post<string>('sessionLock', {}, silent)).result,
  unlock: async (password: string) => (await api.post<string>('sessionUnlock', { password }, silent)).result,
  /** Where to sign in again at the company's provider to unlock (docs/accounts.md "Lock screen"). */
  ssoUnlockUrl: async () => (await api.post<{ url: string }>('sso/unlock', {}, silent)).result.url,
  secondFactor: async () => (await api.get<SecondFactorStatus>('secondFactor', silent)).result,
  startTotp: async () => (await api.post<TotpSetup>('secondFactor/setup', {}, silent)).result,
  confirmTotp: async (code: string) =>
    (await api.post<RecoveryCodes>('secondFactor/confirm', { code }, silent)).result,
  verifyCode: async (code: string) =>
    (await api.post<string>('secondFactor/verify', { code }, silent)).result,
  disableTotp: async (password: string, code: string) =>
    (await api.post<string>('secondFactor/disable', { password, code }, silent)).result,
  checkLink: async (token: string) =>
    (
      await api.post<{ email: string; displayName: string; purpose: 'reset' | 'invite'; expiresAt: string }>(
        'password-link/check',
        { token },
        silent,
      )
    ).result,
  setPassword: async (token: string, newPassword: string) =>
    (await api.post<{ email: string }>('password-link/set', { token, newPassword }, silent)).result,
};

/** The server's sentence for a failed call, or what to do when there is none. */
export function messageOf(error: unknown): string {
  if (error instanceof HttpError) {
    const body = error.body as { message?: unknown; issues?: { message?: string }[] } | null;
    const issue = body?.issues?.[0]?.message;
    // A refused field's own sentence (e.g. the password policy) reads better than the summary.
    if (issue) return issue;
    if (typeof body?.message === 'string') return body.message;
    return `The request failed (${error.status}). Please try again.`;
  }
  return 'The server cannot be reached. Check your connection and try again.';
}

export const codeOf = (error: unknown): string | undefined =>
  error instanceof HttpError
    ? ((error.body as { code?: unknown } | null)?.code as string | undefined)
    : undefined;
