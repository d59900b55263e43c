import multipart from '@fastify/multipart';
import { envelope, type UploadedFileResult, uploadResult } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionAccess } from '../../platform/auth/access';
import { ok } from '../../platform/envelope';
import { HttpError } from '../../platform/errors';
import { refuseTooLarge, tooLarge } from '../stow/routes';

/**
 * `POST /api/ingest/upload`: files dropped on the service dashboard (multipart/form-data, any
 * field name, many files). Each file goes through the ingest pipeline; the answer lists every
 * file in the order sent with what became of it.
 */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const limit = app.config.UPLOAD_MAX_BYTES;
  await app.register(multipart, { limits: { fileSize: limit, files: 10_000, fields: 100 } });
  app.post(
    '/ingest/upload',
    {
      config: { access: sessionAccess({ roles: ['provider_admin', 'service'] }) },
      onRequest: async (request) => refuseTooLarge(request, limit),
      schema: {
        tags: ['ingest'],
        consumes: ['multipart/form-data'],
        response: { 200: envelope(uploadResult) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) {
        throw new HttpError(415, 'unsupported_media_type', 'Send the files as multipart/form-data.');
      }
      const files: { name: string; bytes: Buffer }[] = [];
      let total = 0;
      try {
        for await (const part of request.files()) {
          const bytes = await part.toBuffer();
          total += bytes.length;
          if (total > limit) throw tooLarge(limit);
          files.push({ name: part.filename || `file ${files.length + 1}`, bytes });
        }
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(limit);
        throw err;
      }
      if (!files.length) throw new HttpError(400, 'bad_request', 'No files were sent.');
      const source = { door: 'upload' as const, remoteAddress: request.ip };
      const results = await Promise.all(
        files.map((f) => app.ingest.ingest({ bytes: f.bytes, source: { ...source, fileName: f.name } })),
      );
      return ok({
        files: results.map(
          (r, i): UploadedFileResult => ({
            fileName: files[i]!.name,
            sizeBytes: files[i]!.bytes.length,
            outcome: r.outcome,
            reason: r.reason,
            sopInstanceUid: r.sopInstanceUid,
            deviceSerial: r.deviceSerial,
          }),
        ),
      });
    },
  );
};
