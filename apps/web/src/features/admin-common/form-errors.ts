import type { ErrorBody } from '@kestrel/contract';
import { HttpError, NetworkError } from '../../api/client';

/**
 * A refused change, split for a form: messages per field (the 400's `issues` name them as
 * `body.access.siteIds` → `access.siteIds`), and one sentence for everything else (a 403 such as
 * "You cannot change your own role", a 409, a lost connection), each saying what to do.
 */
export interface FormProblem {
  fields: Record<string, string>;
  general: string | null;
}

const fieldOf = (path: string) => path.replace(/^body\.?/, '');

export function formProblem(error: unknown): FormProblem {
  if (error instanceof NetworkError)
    return { fields: {}, general: 'The server cannot be reached. Check your connection and try again.' };
  if (!(error instanceof HttpError)) return { fields: {}, general: 'Something went wrong. Try again.' };
  const body = (error.body ?? {}) as Partial<ErrorBody>;
  const fields: Record<string, string> = {};
  for (const issue of body.issues ?? []) {
    const field = fieldOf(issue.path);
    if (issue.path.startsWith('body') && field && !fields[field]) fields[field] = issue.message;
  }
  if (Object.keys(fields).length > 0) return { fields, general: null };
  if (error.status === 401) return { fields, general: 'Your session has ended. Sign in again, then retry.' };
  const message = typeof body.message === 'string' && body.message ? body.message : null;
  return {
    fields,
    general: message ?? `The server refused the change (${error.status} ${error.statusText}). Try again.`,
  };
}

/** The message for a field, also when the server named a part of it (`contacts.0.email` → `contacts`). */
export function fieldError(problem: FormProblem | null, field: string): string | undefined {
  if (!problem) return undefined;
  if (problem.fields[field]) return problem.fields[field];
  const nested = Object.keys(problem.fields).find((k) => k.startsWith(`${field}.`));
  return nested ? `${nested.slice(field.length + 1)}: ${problem.fields[nested]}` : undefined;
}

/** Fields the form does not show get listed in the general message, so nothing is hidden. */
export function unshownFields(problem: FormProblem | null, shown: readonly string[]): string | null {
  if (!problem) return null;
  const rest = Object.entries(problem.fields).filter(
    ([k]) => !shown.some((s) => k === s || k.startsWith(`${s}.`)),
  );
  return rest.length ? rest.map(([k, m]) => `${k}: ${m}`).join('; ') : null;
}
