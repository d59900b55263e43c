import type { ErrorBody } from '@kestrel/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** An error whose message is meant for the user; anything else becomes a plain 500. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** For a refused field: where and why, as schema validation reports it. */
    readonly issues?: ErrorBody['issues'],
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, 'bad_request', message);
export const unauthorized = (message = 'Your session has ended. Please sign in again.') =>
  new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'You do not have access to this.') =>
  new HttpError(403, 'forbidden', message);
export const notFound = (message = 'Not found.') => new HttpError(404, 'not_found', message);
export const conflict = (message: string) => new HttpError(409, 'conflict', message);
/**
 * A 400 for one field of the body that passed the schema but not a rule checked later, in the
 * shape of a schema validation error (`issues` names the field, so forms can point at it).
 */
export const invalidBodyField = (field: string, message: string) =>
  new HttpError(400, 'validation_failed', `Invalid request: body.${field}: ${message}`, [
    { path: `body.${field}`, message },
  ]);

const body = (
  statusCode: number,
  code: string,
  message: string,
  issues?: ErrorBody['issues'],
): ErrorBody => ({
  success: false,
  statusCode,
  code,
  message,
  ...(issues ? { issues } : {}),
});

/**
 * One error handler for the whole API: bad input is a 4xx with a message the client can show
 * (product §8), never a 500; a 500 never leaks internals.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).send(body(err.statusCode, err.code, err.message, err.issues));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: [err.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
        message: v.message ?? 'is invalid',
      }));
      const text = issues.map((i) => `${i.path}: ${i.message}`).join('; ');
      return reply.code(400).send(body(400, 'validation_failed', `Invalid request: ${text}`, issues));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
      return reply.code(500).send(body(500, 'internal', 'Server error'));
    }
    const status = err.statusCode ?? 500;
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (err instanceof SyntaxError && status === 400)) {
      return reply.code(400).send(body(400, 'invalid_json', 'The request body is not valid JSON.'));
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply
        .code(413)
        .send(body(413, 'body_too_large', 'The request body is too large. Send a smaller request.'));
    }
    if (status === 429) {
      return reply.code(429).send(body(429, 'rate_limited', err.message));
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send(body(status, err.code ?? 'bad_request', err.message));
    }
    if (isDatabaseUnavailable(err)) {
      request.log.error({ err }, 'database unavailable');
      return reply
        .code(503)
        .send(
          body(
            503,
            'database_unavailable',
            'The database is not reachable right now. Please try again in a minute.',
          ),
        );
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send(body(500, 'internal', 'Server error. Please try again in a moment.'));
  });
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);

/** A lost or closed database connection (PostgreSQL) or a closed embedded database (PGlite). */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (
    let e = err as { code?: string; message?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code && UNAVAILABLE_CODES.has(e.code)) return true;
    if (
      /PGlite is closed|Connection terminated|connection error|after calling end on the pool/i.test(
        e.message ?? '',
      )
    ) {
      return true;
    }
  }
  return false;
}
