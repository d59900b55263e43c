import { dashboardExportRequest, reportExportQuery, reportIds } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../platform/auth/access';
import { exportDashboard } from './dashboards/export';
import { REPORTS } from './definitions';
import { renderReport } from './export';

const tags = ['reports'];

/**
 * `POST /api/reports/{report}/export?format=csv|xlsx|pdf` with the page's filter as the body
 * (docs/reports.md). Each route declares the access of the page's own route, and the table is
 * built by the same query as the page, for the caller's scope.
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const id of reportIds) {
    const report = REPORTS[id];
    app.post(
      `/reports/${id}/export`,
      {
        config: { access: report.access },
        schema: { tags, querystring: reportExportQuery, body: report.filter },
      },
      async (request, reply) => {
        const now = app.now();
        const table = await report.build(
          { app, user: request.user, scope: await request.scope(), now },
          request.body,
        );
        const out = await renderReport(id, table, request.query.format, {
          generatedAt: now,
          productName: app.config.PRODUCT_NAME,
        });
        reply.header('content-disposition', `attachment; filename="${out.filename}"`);
        reply.header('cache-control', 'no-store');
        return reply.type(out.contentType).send(out.body);
      },
    );
  }

  // A dashboard as a PDF (docs/reports.md "Dashboards"): whoever may open the dashboard and ask
  // its widgets (every signed-in role) may export it, with the same scope as the widget answers.
  app.post(
    '/dashboards/export',
    { config: { access: signedIn }, schema: { tags, body: dashboardExportRequest } },
    async (request, reply) => {
      const b = request.body;
      const out = await exportDashboard(
        { app, user: request.user, scope: await request.scope(), now: app.now() },
        b.dashboard,
        { from: b.fromDateSelected, to: b.toDateSelected, site: b.site },
        { productName: app.config.PRODUCT_NAME },
      );
      reply.header('content-disposition', `attachment; filename="${out.filename}"`);
      reply.header('cache-control', 'no-store');
      return reply.type(out.contentType).send(out.body);
    },
  );
};
