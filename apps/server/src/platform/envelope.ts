/**
 * The answer envelope of every JSON call (docs/api.md conventions): `{ success: true, result }`,
 * with the `message` a page may show (administration: "Site … was saved."). Failures are shaped
 * by the error handler (platform/errors.ts), never by routes.
 */
export const ok = <T>(result: T, message?: string) => ({
  success: true as const,
  result,
  ...(message ? { message } : {}),
});
