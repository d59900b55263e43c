import { z } from 'zod';

/**
 * `GET /api/demoStatus`: whether the demo fleet is still arriving (docs/demo.md). Pages show
 * "history still arriving" while `history.complete` is false, so a short chart is not read as
 * a quiet fleet.
 */
export const demoStatus = z.object({
  /** The server runs the demo fleet (DEMO_FLEET). */
  demo: z.boolean(),
  /** The demo fleet keeps sending while the server runs (DEMO_LIVE). */
  live: z.boolean(),
  /** null: no demo history in this database. */
  history: z
    .object({
      daysLoaded: z.number().int().min(0),
      days: z.number().int().min(0),
      /** ISO date of the oldest day stored so far (days are loaded newest first after the first ones). */
      oldestDay: z.string().nullable(),
      complete: z.boolean(),
    })
    .nullable(),
});
export type DemoStatus = z.infer<typeof demoStatus>;
