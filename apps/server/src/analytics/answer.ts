import type { ConnectionThresholds, WidgetAnswer, WidgetDataResult } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db';
import { badRequest, forbidden, notFound } from '../platform/errors';
import type { Scope } from '../platform/scope';
import type { AnswerCache } from './answer-cache';
import { granularityOf } from './context';
import { widgetDataState } from './data-version';
import type { Question, QuestionContext } from './question';
import { questions } from './registry';
import { foldPending } from './rollups/fold';

/** What answering a widget needs from the app: plain values (features/widgets builds them). */
export interface Analytics {
  db: Db;
  /** The app's clock, read once per request. */
  now: Date;
  connection: ConnectionThresholds;
  answers: AnswerCache;
}

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

export function questionFor(widgetId: number): Question {
  const question = questions.get(widgetId);
  if (!question) throw notFound(`There is no widget ${widgetId}.`);
  return question;
}

/** The question's context: its options parsed (defaults applied) with the widget's schema. */
export function contextFor(
  analytics: Analytics,
  question: Question,
  scope: Scope,
  q: WidgetRequest,
): QuestionContext {
  let raw: unknown = {};
  if (q.options) {
    try {
      raw = JSON.parse(q.options);
    } catch {
      throw badRequest('options must be JSON');
    }
  }
  const parsed = question.options.safeParse(raw);
  if (!parsed.success)
    throw badRequest(`Invalid options: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  return {
    db: analytics.db,
    from: q.fromDateSelected,
    to: q.toDateSelected,
    sites: sitesFor(scope, q.site),
    options: parsed.data,
    granularity: granularityOf(q.fromDateSelected, q.toDateSelected),
    now: analytics.now,
    connection: analytics.connection,
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

/**
 * The widget data version to answer at (data-version.ts), with the rollups counting everything
 * acknowledged: what is queued is folded first (analytics/rollups/fold.ts), which moves the version.
 */
export async function currentDataVersion(db: Db): Promise<string> {
  const state = await widgetDataState(db);
  if (!state.queued) return state.version;
  await foldPending(db);
  return (await widgetDataState(db)).version;
}

export async function widgetData(
  analytics: Analytics,
  scope: Scope,
  q: WidgetRequest,
): Promise<WidgetDataResult> {
  const question = questionFor(q.widgetId);
  const ctx = contextFor(analytics, question, scope, q);
  // Exact at every instant, and the same on every server: keyed by the data version, read (and
  // queued rollup inputs folded) before the cache is asked.
  const version = await currentDataVersion(analytics.db);
  // Live answers show "now"; they age with the clock, so they are keyed by minute.
  const minute = Math.floor(ctx.now.getTime() / 60_000);
  const answer = await analytics.answers.get(
    [version, q.widgetId, ctx.from, ctx.to, ctx.sites, ctx.options, question.live ? minute : 0],
    ctx.now.getTime(),
    () => answerInSnapshot(ctx, (c) => question.answer(c)),
  );
  return { widgetId: q.widgetId, from: ctx.from, to: ctx.to, granularity: ctx.granularity, answer };
}
