import type {
  baseWidgetOptions,
  ConnectionThresholds,
  tubeWidgetOptions,
  WidgetAnswer,
} from '@kestrel/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../platform/db';

/** The options every widget has (`limit`); a widget's schema may add to them (tube thresholds). */
export type BaseOptions = z.output<typeof baseWidgetOptions>;
/** The options of the tube widgets: the base ones and the tube life thresholds (days). */
export type TubeOptions = z.output<typeof tubeWidgetOptions>;
/** A widget's options schema, as the catalogue (packages/contract) declares it with its defaults. */
export type OptionsSchema<O extends BaseOptions = BaseOptions> = z.ZodType<O, unknown>;

/**
 * Everything a question needs: the range (site-local days), the visible sites, the options
 * (parsed with the widget's schema, defaults applied), the clock and the connection thresholds.
 */
export interface QuestionContext<O extends BaseOptions = BaseOptions> {
  db: DbOrTx;
  from: string;
  to: string;
  /** Sites to count; null = every site (a full-scope caller without a site filter). */
  sites: number[] | null;
  options: O;
  /** Time series buckets: days up to 62 days, months beyond. */
  granularity: 'day' | 'month';
  /** For the live widgets, which show the fleet as it is now. */
  now: Date;
  connection: ConnectionThresholds;
}

/** One widget's analytics question (docs/dashboards.md "Adding a widget"). */
export interface Question<O extends BaseOptions = BaseOptions> {
  /** The widget id of the catalogue. */
  id: number;
  /** The catalogue's options schema of this widget (the registry test holds them to be the same). */
  options: OptionsSchema<O>;
  /**
   * The answer shows the fleet "now" (connection, tubes, last objects), not only the range: it
   * ages with the clock, so the answer cache keys it by minute.
   */
  live: boolean;
  /** From rollups (what the API serves). */
  answer(ctx: QuestionContext<O>): Promise<WidgetAnswer>;
  /** The same question from raw facts: the correctness reference (property test) and the naive baseline. */
  raw(ctx: QuestionContext<O>): Promise<WidgetAnswer>;
}

/**
 * A question, typed by its options schema. A live question's raw twin is the answer itself
 * (it reads the devices as they are, not rollups) unless it names one.
 */
export function defineQuestion<O extends BaseOptions>(
  q: Omit<Question<O>, 'live' | 'raw'> &
    ({ live: true; raw?: Question<O>['raw'] } | { live?: false; raw: Question<O>['raw'] }),
): Question<O> {
  return { ...q, live: q.live ?? false, raw: q.raw ?? q.answer };
}
