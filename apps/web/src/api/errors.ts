import { type ApiError, HttpError } from './client';

/** What the app does about a failed call (product §8, product §10.5). Pure, so it is tested alone. */
export type ErrorAction =
  | { kind: 'toast'; message: string }
  | { kind: 'signin' }
  | { kind: 'offline'; message: string }
  /** The session is locked (docs/accounts.md "Lock screen"): unlock, do not sign in again. */
  | { kind: 'locked' };

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);

/** 400: the response's `message.error`, else its `message`, else 'Bad request!!'. */
export function badRequestMessage(body: unknown): string {
  const message = (body as { message?: unknown } | null)?.message;
  const nested = message && typeof message === 'object' ? (message as { error?: unknown }).error : undefined;
  return text(nested) ?? text(message) ?? 'Bad request!!';
}

/** Other statuses: the error's message, else '{status} - {statusText}', else 'Server error'. */
export function serverErrorMessage(status: number, statusText: string, body: unknown): string {
  const message = text((body as { message?: unknown } | null)?.message);
  if (message) return message;
  if (status && statusText) return `${status} - ${statusText}`;
  return 'Server error';
}

/**
 * No answer at all has no status, so it is the 'Server error' of any other failure; the offline
 * page is for a browser that says it is offline (product §8), where staying on the page is useless.
 */
export function actionFor(error: ApiError, online = navigator.onLine): ErrorAction {
  if (!(error instanceof HttpError))
    return online ? { kind: 'toast', message: 'Server error' } : { kind: 'offline', message: 'Server error' };
  if (error.status === 401 && (error.body as { code?: unknown } | null)?.code === 'session_locked') {
    return { kind: 'locked' };
  }
  if (error.status === 401 || error.status === 403) return { kind: 'signin' };
  if (error.status === 400) return { kind: 'toast', message: badRequestMessage(error.body) };
  return { kind: 'toast', message: serverErrorMessage(error.status, error.statusText, error.body) };
}

/**
 * What a form says when saving failed: the first field the server refused (named by its label when
 * `labels` knows it, e.g. 'In effect from: must …'), else the server's message, else what to do.
 */
export function formProblem(
  error: unknown,
  { labels = {}, failed = 'Saving failed' }: { labels?: Record<string, string>; failed?: string } = {},
): string | null {
  if (!error) return null;
  if (error instanceof HttpError) {
    const body = error.body as { message?: string; issues?: { path: string; message: string }[] } | null;
    const issue = body?.issues?.[0];
    if (issue) {
      const field = issue.path.replace(/^body\./, '');
      return `${labels[field] ?? field}: ${issue.message}`;
    }
    return body?.message ?? `${failed} (${error.status}).`;
  }
  return 'The server cannot be reached. Check your connection and try again.';
}
