/**
 * The answer envelope of every JSON call (docs/api.md conventions): `{ success: true, result }`.
 * Failures are shaped by the error handler (platform/errors.ts), never by routes.
 */
export const ok = <T>(result: T) => ({ success: true as const, result });
