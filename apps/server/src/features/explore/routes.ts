import {
  envelope,
  exploreFilters,
  exploreImagesQuery,
  exploreStudiesQuery,
  imageRecord,
  page,
  studyRecord,
} from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sitesFor } from '../../analytics/answer';
import { signedIn } from '../../platform/auth/access';
import { ok } from '../../platform/envelope';
import { csvExport, studiesCsvExport, studiesXlsxExport, xlsxExport } from './export';
import { countImages, listImages, listStudies } from './queries';

const tags = ['explore'];

/** The records behind the charts: images and exams, filtered, paged and exported (scoped). */
export const exploreRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/explore/images',
    {
      config: { access: signedIn },
      schema: { tags, querystring: exploreImagesQuery, response: { 200: envelope(page(imageRecord)) } },
    },
    async (request) => {
      const scope = await request.scope();
      const q = request.query;
      const [total, rows] = await Promise.all([countImages(app.db, scope, q), listImages(app.db, scope, q)]);
      return ok({ total, page: q.page, pageSize: q.pageSize, rows });
    },
  );

  app.get(
    '/explore/studies',
    {
      config: { access: signedIn },
      schema: { tags, querystring: exploreStudiesQuery, response: { 200: envelope(page(studyRecord)) } },
    },
    async (request) => {
      const q = request.query;
      const { total, rows } = await listStudies(app.db, await request.scope(), q);
      return ok({ total, page: q.page, pageSize: q.pageSize, rows });
    },
  );

  const exportQuery = z.intersection(
    exploreFilters,
    z.object({ format: z.enum(['csv', 'xlsx']).default('csv') }),
  );
  const exports = {
    images: { csv: csvExport, xlsx: xlsxExport },
    studies: { csv: studiesCsvExport, xlsx: studiesXlsxExport },
  } as const;
  for (const what of ['images', 'studies'] as const) {
    app.get(
      `/explore/${what}/export`,
      { config: { access: signedIn }, schema: { tags, querystring: exportQuery } },
      async (request, reply) => {
        const q = request.query;
        const scope = await request.scope();
        // Refuse a filter (a site the caller may not see) before the first byte: once the file is
        // streaming, an error can only cut the connection.
        sitesFor(scope, q.site);
        const name = `kestrel-${what === 'images' ? 'images' : 'exams'}-${q.fromDateSelected}-to-${q.toDateSelected}.${q.format}`;
        reply.header('content-disposition', `attachment; filename="${name}"`);
        reply.type(
          q.format === 'xlsx'
            ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
            : 'text/csv; charset=utf-8',
        );
        return reply.send(exports[what][q.format](app.db, scope, q));
      },
    );
  }
};
