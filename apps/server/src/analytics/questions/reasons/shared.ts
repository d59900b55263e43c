import { REJECT_REASONS } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import { factsWhere } from '../../context';
import type { QuestionContext } from '../../question';

/** What the questions with the Reasons and Procedure legends share (one file per question beside this one). */

export const meaning = (code: string | null) =>
  REJECT_REASONS.find((r) => r.code === code)?.meaning ?? code ?? 'Unknown reason';

export const rejectedFacts = (ctx: QuestionContext) => sql`${factsWhere(ctx)} and f.rejected`;

export const PROCEDURE_NAMES: Record<string, string> = {
  screening: 'Screening',
  diagnostic: 'Diagnostic',
  biopsy: 'Biopsy',
  other: 'Other',
};
