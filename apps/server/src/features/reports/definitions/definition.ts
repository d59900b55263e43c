import type { ReportId } from '@kestrel/contract';
import type { z } from 'zod';
import type { RouteAccess } from '../../../platform/auth/access';
import type { ReportContext } from '../context';
import type { ReportTable } from '../table';

/** The period a scheduled run reports on (domain/schedules reportPeriod). */
export interface ReportPeriod {
  from: Date;
  to: Date;
  firstDay: string;
  lastDay: string;
}

/**
 * One report: who may read it (the same access as its page's route), the filter its page sends,
 * and the one function that turns a filter into the table every export draws.
 */
export interface ReportDefinition<S extends z.ZodType = z.ZodType> {
  id: ReportId;
  access: RouteAccess;
  filter: S;
  build(ctx: ReportContext, filter: z.infer<S>): Promise<ReportTable>;
  /** A scheduled run's filter: the saved one with its date window set to the period. */
  forPeriod(filter: z.infer<S>, period: ReportPeriod): z.infer<S>;
}

export const defineReport = <S extends z.ZodType>(d: ReportDefinition<S>) => d;

/** '2026-03-01 – 2026-03-31' for filters in words. */
export const between = (from?: string | null, to?: string | null) =>
  from || to ? `${from ?? '…'} – ${to ?? '…'}` : null;
