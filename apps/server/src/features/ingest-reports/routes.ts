import {
  envelope,
  failedFilesFilter,
  failedFilesReport,
  lastFileQuery,
  lastFileRow,
} from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../../platform/auth/access';
import { ok } from '../../platform/envelope';
import { failedFiles, lastFiles } from './queries';

const tags = ['ingest'];

/**
 * What came in and what failed (docs/ingest.md): `ha/failedFilesReport` (last 30 days),
 * `/filter`, and `ha/lastFileDetails`. Every role may ask; each sees only its sites' rows.
 */
export const ingestReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/ha/failedFilesReport',
    { config: { access: signedIn }, schema: { tags, response: { 200: envelope(failedFilesReport) } } },
    async (request) =>
      ok(await failedFiles(app.db, await request.scope(), failedFilesFilter.parse({}), app.now())),
  );

  app.post(
    '/ha/failedFilesReport/filter',
    {
      config: { access: signedIn },
      schema: { tags, body: failedFilesFilter, response: { 200: envelope(failedFilesReport) } },
    },
    async (request) => ok(await failedFiles(app.db, await request.scope(), request.body, app.now())),
  );

  app.get(
    '/ha/lastFileDetails',
    {
      config: { access: signedIn },
      schema: { tags, querystring: lastFileQuery, response: { 200: envelope(z.array(lastFileRow)) } },
    },
    async (request) => ok(await lastFiles(app.db, await request.scope(), request.query)),
  );
};
