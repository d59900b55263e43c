import { type WidgetAnswer, type WidgetDataResult, widgetById } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { connectionThresholds } from '../domain/fleet-status/connection';
import type { Db } from '../platform/db';
import { badRequest, forbidden, notFound } from '../platform/errors';
import type { Scope } from '../platform/scope';
import { cached } from './cache';
import { granularityOf, type QuestionContext } from './context';
import { questions } from './registry';

export interface WidgetRequest {
  widgetId: number;
  fromDateSelected: string;
  toDateSelected: string;
  site?: number;
  options?: string;
}

/** The sites a question may count: the caller's scope, narrowed to one site when asked. */
export function sitesFor(scope: Scope, site?: number): number[] | null {
  if (site === undefined) return scope.all ? null : scope.siteIds;
  if (!scope.all && !scope.siteIds.includes(site)) throw forbidden('You do not have access to this site.');
  return [site];
}

export function contextFor(app: FastifyInstance, scope: Scope, q: WidgetRequest): QuestionContext {
  const def = widgetById(q.widgetId);
  if (!def || !questions.has(q.widgetId)) throw notFound(`There is no widget ${q.widgetId}.`);
  let raw: unknown = {};
  if (q.options) {
    try {
      raw = JSON.parse(q.options);
    } catch {
      throw badRequest('options must be JSON');
    }
  }
  const parsed = def.options.safeParse(raw);
  if (!parsed.success)
    throw badRequest(`Invalid options: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  return {
    db: app.db,
    from: q.fromDateSelected,
    to: q.toDateSelected,
    sites: sitesFor(scope, q.site),
    options: parsed.data as QuestionContext['options'],
    granularity: granularityOf(q.fromDateSelected, q.toDateSelected),
    now: app.now(),
    connection: connectionThresholds(app.config),
  };
}

/**
 * A question may ask several things (the busiest ten, then their series): it asks them in one
 * read-only snapshot, so that an ingest commit in between cannot make the parts disagree. And
 * without parallel workers: rollup reads are small, and on a few cores the workers' start-up
 * costs more than it saves, besides taking cores from the other requests.
 */
function answerInSnapshot(ctx: QuestionContext, answer: (ctx: QuestionContext) => Promise<WidgetAnswer>) {
  return (ctx.db as Db).transaction(
    async (tx) => {
      await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
      return answer({ ...ctx, db: tx });
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

export async function widgetData(
  app: FastifyInstance,
  scope: Scope,
  q: WidgetRequest,
): Promise<WidgetDataResult> {
  const ctx = contextFor(app, scope, q);
  const question = questions.get(q.widgetId)!;
  // Equipment widgets show "now"; their answers age with the clock, so they are keyed by minute.
  const minute = Math.floor(ctx.now.getTime() / 60_000);
  const answer = await cached(
    [
      q.widgetId,
      ctx.from,
      ctx.to,
      ctx.sites,
      ctx.options,
      q.widgetId > 9200 || q.widgetId === 9104 || q.widgetId === 9109 ? minute : 0,
    ],
    ctx.now.getTime(),
    () => answerInSnapshot(ctx, question.answer),
  );
  return { widgetId: q.widgetId, from: ctx.from, to: ctx.to, granularity: ctx.granularity, answer };
}
