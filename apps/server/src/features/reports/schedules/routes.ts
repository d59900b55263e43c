import { envelope, reportSchedule, reportScheduleIdParams, reportScheduleRequest } from '@kestrel/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nextRun } from '../../../domain/schedules/next-run';
import { signedIn } from '../../../platform/auth/access';
import { dashboards, reportSchedules } from '../../../platform/db/schema';
import { ok } from '../../../platform/envelope';
import { conflict, forbidden, notFound } from '../../../platform/errors';
import { REPORTS } from '../definitions';
import { dashboardTarget, mayRead } from './policy';
import { scheduleView } from './store';

const tags = ['reports'];
/** A person's schedules are few; more is a script gone wrong. */
const MAX_SCHEDULES_PER_USER = 50;

/** The caller's own report schedules (docs/reports.md "Schedules"): list, create, delete. */
export const reportScheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reports/schedules',
    { config: { access: signedIn }, schema: { tags, response: { 200: envelope(z.array(reportSchedule)) } } },
    async (request) => {
      const rows = await app.db
        .select({ schedule: reportSchedules, dashboardName: dashboards.name })
        .from(reportSchedules)
        .leftJoin(dashboards, eq(dashboards.id, reportSchedules.dashboardId))
        .where(eq(reportSchedules.userId, request.user.id))
        .orderBy(asc(reportSchedules.id));
      return ok(rows.map((r) => scheduleView(r.schedule, request.user.email, r.dashboardName)));
    },
  );

  app.post(
    '/reports/schedules',
    {
      config: { access: signedIn },
      schema: { tags, body: reportScheduleRequest, response: { 200: envelope(reportSchedule) } },
    },
    async (request) => {
      const b = request.body;
      // A dashboard is scheduled as the caller may open it (another person's is a 404) and for
      // a site they may see; a report as their role may read it.
      const target =
        b.report === 'dashboard'
          ? await dashboardTarget(app, request, b.dashboard, b.filter?.site)
          : { dashboardId: null, builtInDashboard: null, name: null };
      if (b.report !== 'dashboard' && !mayRead(REPORTS[b.report], request.user.role))
        throw forbidden(`Your role may not read the ${b.report} report.`);
      const count = await app.db.$count(reportSchedules, eq(reportSchedules.userId, request.user.id));
      if (count >= MAX_SCHEDULES_PER_USER)
        throw conflict(`You have ${count} schedules already; delete one first.`);
      const rule = {
        frequency: b.frequency,
        dayOfWeek: b.frequency === 'weekly' ? (b.dayOfWeek ?? 1) : null,
        dayOfMonth: b.frequency === 'monthly' ? (b.dayOfMonth ?? 1) : null,
        hour: b.hour,
        timeZone: b.timeZone,
      };
      const [row] = await app.db
        .insert(reportSchedules)
        .values({
          userId: request.user.id,
          customerId: request.user.customerId,
          report: b.report,
          dashboardId: target.dashboardId,
          builtInDashboard: target.builtInDashboard,
          filter: (b.filter ?? {}) as Record<string, unknown>,
          ...rule,
          nextRunAt: nextRun(rule, app.now()),
          createdAt: app.now(),
        })
        .returning();
      return ok(scheduleView(row!, request.user.email, target.name));
    },
  );

  app.delete(
    '/reports/schedules/:id',
    {
      config: { access: signedIn },
      schema: {
        tags,
        params: reportScheduleIdParams,
        response: { 200: envelope(z.object({ id: z.number() })) },
      },
    },
    async (request) => {
      const [gone] = await app.db
        .delete(reportSchedules)
        .where(and(eq(reportSchedules.id, request.params.id), eq(reportSchedules.userId, request.user.id)))
        .returning({ id: reportSchedules.id });
      // Another person's schedule is as absent as one that never existed.
      if (!gone) throw notFound(`There is no schedule ${request.params.id}.`);
      return ok(gone);
    },
  );
};
