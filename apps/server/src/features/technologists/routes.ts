import {
  dateRangeQuery,
  envelope,
  mergeTechsRequest,
  mergeTechsResult,
  renameTechRequest,
  saveCommentsRequest,
  technologistIdParams,
  technologistListQuery,
  technologistPerformance,
  technologistRecord,
  technologistRow,
  techStatusRequest,
  unmergeTechsRequest,
} from '@kestrel/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { widgetDataChanged } from '../../analytics/data-version';
import { sessionAccess, signedIn } from '../../platform/auth/access';
import { technologists } from '../../platform/db/schema';
import { ok } from '../../platform/envelope';
import { notFound } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { mergeTechnologists, unmergeTechnologists } from './merge';
import { technologistPerformance as performanceOf } from './performance';
import { TECH_EDITORS, technologistVisible } from './policy';
import { listTechnologists, toRecord } from './queries';

const tags = ['technologists'];

/** Technologists of the caller's sites (hc-user, hc-alias; product §7), scoped; edits by TECH_EDITORS. */
export const technologistRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Changes one visible technologist; 404 for one outside the scope, as if it did not exist. */
  const update = async (scope: Scope, id: number, set: Partial<typeof technologists.$inferInsert>) => {
    const [row] = await app.db
      .update(technologists)
      .set(set)
      .where(and(eq(technologists.id, id), technologistVisible(scope)))
      .returning();
    if (!row) throw notFound(`No technologist ${id}.`);
    return toRecord(row);
  };
  const edit = { access: sessionAccess({ roles: TECH_EDITORS }) };

  app.get(
    '/technologists',
    {
      config: { access: signedIn },
      schema: {
        tags,
        querystring: technologistListQuery,
        response: { 200: envelope(z.array(technologistRow)) },
      },
    },
    async (request) => ok(await listTechnologists(app, await request.scope(), request.query)),
  );

  app.get(
    '/technologists/:id/performance',
    {
      config: { access: signedIn },
      schema: {
        tags,
        params: technologistIdParams,
        querystring: dateRangeQuery,
        response: { 200: envelope(technologistPerformance) },
      },
    },
    async (request) => {
      const { fromDateSelected, toDateSelected } = request.query;
      return ok(
        await performanceOf(app, await request.scope(), request.params.id, fromDateSelected, toDateSelected),
      );
    },
  );

  app.post(
    '/renameTechs',
    {
      config: edit,
      schema: { tags, body: renameTechRequest, response: { 200: envelope(technologistRecord) } },
    },
    async (request) => {
      const record = await update(await request.scope(), request.body.id, { alias: request.body.alias });
      await widgetDataChanged(app.db); // widgets show the alias
      return ok(record);
    },
  );

  app.post(
    '/saveComments',
    {
      config: edit,
      schema: { tags, body: saveCommentsRequest, response: { 200: envelope(technologistRecord) } },
    },
    async (request) =>
      ok(await update(await request.scope(), request.body.id, { comments: request.body.comments })),
  );

  app.post(
    '/techStatus',
    {
      config: edit,
      schema: { tags, body: techStatusRequest, response: { 200: envelope(technologistRecord) } },
    },
    async (request) =>
      ok(await update(await request.scope(), request.body.id, { status: request.body.status })),
  );

  app.post(
    '/mergeTechs',
    {
      config: edit,
      schema: { tags, body: mergeTechsRequest, response: { 200: envelope(mergeTechsResult) } },
    },
    async (request) =>
      ok(
        await mergeTechnologists(
          app.db,
          await request.scope(),
          request.body.targetId,
          request.body.sourceIds,
        ),
      ),
  );

  app.post(
    '/unmergeTechs',
    {
      config: edit,
      schema: { tags, body: unmergeTechsRequest, response: { 200: envelope(z.array(technologistRecord)) } },
    },
    async (request) => ok(await unmergeTechnologists(app.db, await request.scope(), request.body.ids)),
  );
};
