import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deviceOrSessionAccess } from '../../platform/auth/access';
import { HttpError } from '../../platform/errors';
import type { IngestSource } from '../pipeline';
import { mediaTypeParams, splitMultipart } from './multipart-related';
import { storeResponse } from './response';

/**
 * Who may store: a device with its own key (whose objects must then be that device's, see
 * pipeline/senders.ts), or a provider administrator or service engineer.
 */
const STORE_ACCESS = deviceOrSessionAccess(['provider_admin', 'service']);

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
      config: { access: STORE_ACCESS },
      onRequest: async (request) => {
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
      const source: IngestSource = {
        door: 'stow',
        remoteAddress: request.ip,
        constraint: request.device ? { asDevice: request.device.id } : undefined,
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
