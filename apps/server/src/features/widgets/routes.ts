import { envelope, legendTypes, widgetCatalogue, widgetDataQuery, widgetDataResult } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { widgetData } from '../../analytics/answer';
import { signedIn } from '../../platform/auth/access';
import { ok } from '../../platform/envelope';
import { analyticsOf } from './analytics';

const tags = ['widgets'];
const catalogueEntry = z.object({
  id: z.number(),
  name: z.string(),
  legend: z.string(),
  chart: z.string(),
  question: z.string(),
  version: z.number(),
  defaults: z.record(z.string(), z.unknown()),
});
const catalogue = () =>
  widgetCatalogue.map((w) => ({
    id: w.id,
    name: w.name,
    legend: w.legend,
    chart: w.chart,
    question: w.question,
    version: w.version,
    defaults: w.options.parse({}),
  }));

/** The widget catalogue and the data behind each widget (product §7 widgetinfo, widgetsData). */
export const widgetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/widgetinfo',
    { config: { access: signedIn }, schema: { tags, response: { 200: envelope(z.array(catalogueEntry)) } } },
    async () => ok(catalogue()),
  );

  app.get(
    '/widgetInfoAnalytics',
    {
      config: { access: signedIn },
      schema: {
        tags,
        response: {
          200: envelope(z.array(z.object({ legend: z.string(), widgets: z.array(catalogueEntry) }))),
        },
      },
    },
    async () =>
      ok(
        legendTypes.map((legend) => ({
          legend,
          widgets: catalogue().filter((w) => w.legend === legend),
        })),
      ),
  );

  app.get(
    '/widgetsData',
    {
      config: { access: signedIn },
      schema: { tags, querystring: widgetDataQuery, response: { 200: envelope(widgetDataResult) } },
    },
    async (request) => ok(await widgetData(analyticsOf(app), await request.scope(), request.query)),
  );
};
