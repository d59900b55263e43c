import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db';
import { rowsOf } from '../platform/db/rows';

/**
 * Where the demo fleet stands, kept in the product settings row 'demoState' (docs/demo.md): the
 * fleet it was generated from, the instant its history ends (`anchor`), how many of its days
 * are stored, and up to when each simulated device has sent since. Written in the same
 * transaction as the day of history it counts, so a restart resumes without storing a day twice.
 */
export interface DemoState {
  seed: string;
  devices: number;
  /** Days of history in all, ending at `anchor`. */
  days: number;
  /** Days loaded before the port opened (the most recent ones). */
  recentDays: number;
  /** ISO instant the history ends at: the first start. */
  anchor: string;
  /** Days of history stored, in the loading order (the recent days, then older and older). */
  daysLoaded: number;
  /** Connection state, tube wear, people and content are set (after the recent days). */
  prepared: boolean;
  /** Every day stored and the tube wear set again for the whole history. */
  complete: boolean;
  /** Per simulated device key: the instant up to which it has sent its exams (the living demo). */
  sentUntil: Record<string, string>;
}

const KEY = 'demoState';

export async function readDemoState(db: DbOrTx): Promise<DemoState | null> {
  const [row] = rowsOf<{ value: DemoState }>(
    await db.execute(sql`select value from settings where customer_id is null and key = ${KEY}`),
  );
  return row?.value ?? null;
}

export async function writeDemoState(db: DbOrTx, state: DemoState): Promise<void> {
  await db.execute(sql`insert into settings (customer_id, key, value) values (null, ${KEY}, ${JSON.stringify(state)}::jsonb)
    on conflict on constraint settings_key do update set value = excluded.value`);
}

/** The loading order of the history's days, as days before the anchor. */
export function dayOrder(state: Pick<DemoState, 'days' | 'recentDays'>): number[] {
  const recent = Math.min(state.recentDays, state.days);
  const order: number[] = [];
  // The recent days oldest first (as they happened), then further back one day at a time, so
  // the charts grow backwards without holes while the rest arrives.
  for (let d = recent - 1; d >= 0; d--) order.push(d);
  for (let d = recent; d < state.days; d++) order.push(d);
  return order;
}

/** Change some fields, keeping the others (the history loader and the living demo write apart). */
export async function patchDemoState(db: DbOrTx, patch: Partial<DemoState>): Promise<void> {
  await db.execute(sql`update settings set value = value || ${JSON.stringify(patch)}::jsonb
    where customer_id is null and key = ${KEY}`);
}
