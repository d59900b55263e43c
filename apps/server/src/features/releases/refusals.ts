import { HttpError } from '../../platform/errors';

/**
 * A 400 for a well-formed field that breaks a release rule (a minimum not older than the version,
 * a release not yet released): `issues` names the field for the form; the code says it was a
 * rule, not malformed input.
 */
export const refuse = (field: string, message: string) =>
  new HttpError(400, 'refused', `Invalid request: body.${field}: ${message}`, [
    { path: `body.${field}`, message },
  ]);
