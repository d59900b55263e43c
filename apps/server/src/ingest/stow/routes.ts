import { DEVICE_KEY_HEADER } from '@kestrel/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { verifyDeviceKey } from '../../platform/auth/device-keys';
import { tokenOf } from '../../platform/auth/guard';
import { resolveSession } from '../../platform/auth/sessions';
import { forbidden, HttpError, unauthorized } from '../../platform/errors';
import type { IngestSource } from '../pipeline';
import { mediaTypeParams, splitMultipart } from './multipart-related';
import { storeResponse } from './response';

/** Who may store: a device with its key, or a signed-in provider administrator or service engineer. */
const STORE_ROLES = new Set(['provider_admin', 'service']);

/** The device a request's key authenticated: its objects must be that device's (senders.ts). */
const keyDevice = new WeakMap<FastifyRequest, number>();

async function authenticate(app: FastifyInstance, request: FastifyRequest) {
  const key = request.headers[DEVICE_KEY_HEADER];
  if (typeof key === 'string' && key) {
    const device = await verifyDeviceKey(app.db, key);
    if (device) return device;
    throw unauthorized('This device key is not valid (it may have been replaced).');
  }
  const token = tokenOf(request);
  if (!token)
    throw unauthorized(`Send a device key in ${DEVICE_KEY_HEADER} or a session token in x-access-token.`);
  const session = await resolveSession(app.db, token, app.now(), app.sessionPolicy);
  if (!session) throw unauthorized();
  if (!STORE_ROLES.has(session.user.role))
    throw forbidden('Only provider administrators and service engineers may store objects.');
  return null;
}

/** 413 before reading a body that announces more than the limit (chunked ones stop at it). */
export function refuseTooLarge(request: FastifyRequest, limit: number) {
  const length = Number(request.headers['content-length'] ?? 0);
  if (length > limit) throw tooLarge(limit);
}

export const tooLarge = (limit: number) =>
  new HttpError(
    413,
    'body_too_large',
    `This upload is larger than the limit of ${(limit / 1024 / 1024).toFixed(1)} MB (UPLOAD_MAX_BYTES). Send fewer or smaller files at a time.`,
  );

/** Before the body is read: multipart/related of application/dicom parts, or 415. */
function checkMediaType(request: FastifyRequest) {
  const { type, params } = mediaTypeParams(request.headers['content-type'] ?? '');
  if (type !== 'multipart/related' || !params.boundary) {
    throw new HttpError(
      415,
      'unsupported_media_type',
      'Send multipart/related; type="application/dicom" with a boundary.',
    );
  }
  if (params.type && params.type.toLowerCase() !== 'application/dicom') {
    throw new HttpError(
      415,
      'unsupported_media_type',
      `Only application/dicom parts are stored, not ${params.type}.`,
    );
  }
}

/**
 * DICOMweb STOW-RS, Store Instances (PS3.18 §10.5): `POST /dicomweb/studies` with a
 * multipart/related body of application/dicom parts. Each part goes through the ingest
 * pipeline; the response lists what was stored and what failed, and why.
 */
export async function stowRoutes(app: FastifyInstance) {
  app.addContentTypeParser(
    'multipart/related',
    { parseAs: 'buffer', bodyLimit: app.config.UPLOAD_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.post(
    '/dicomweb/studies',
    {
      onRequest: async (request) => {
        const device = await authenticate(app, request);
        if (device) keyDevice.set(request, device.id);
        refuseTooLarge(request, app.config.UPLOAD_MAX_BYTES);
        checkMediaType(request);
      },
      schema: { hide: true },
    },
    async (request, reply) => {
      const { params } = mediaTypeParams(request.headers['content-type'] ?? '');
      const parts = splitMultipart(request.body as Buffer, params.boundary!);
      if (!parts?.length)
        throw new HttpError(400, 'bad_request', 'The multipart body has no parts (check the boundary).');
      const asDevice = keyDevice.get(request);
      const source: IngestSource = {
        door: 'stow',
        remoteAddress: request.ip,
        constraint: asDevice === undefined ? undefined : { asDevice },
      };
      const results = await Promise.all(
        parts.map((part, i) =>
          app.ingest.ingest({ bytes: part.bytes, source: { ...source, fileName: `part ${i + 1}` } }),
        ),
      );
      const { status, body } = storeResponse(results);
      if (status === 503) reply.header('retry-after', '60');
      return reply.code(status).type('application/dicom+json').send(JSON.stringify(body));
    },
  );
}
