import { type DemoStatus, demoStatus, envelope } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readDemoState } from '../../demo/state';
import { signedIn } from '../../platform/auth/access';

const DAY_MS = 86_400_000;

/**
 * `GET /api/demoStatus`: how far the demo history has arrived (docs/demo.md). Any signed-in user:
 * it says nothing about a customer, only how many days of the simulated fleet are stored.
 */
export const demoStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/demoStatus',
    {
      // Asked by every page: not by itself a sign of activity that keeps the session open.
      config: { access: signedIn, touch: false },
      schema: { tags: ['portal'], response: { 200: envelope(demoStatus) } },
    },
    async () => {
      const state = app.config.DEMO_FLEET ? await readDemoState(app.db) : null;
      const result: DemoStatus = {
        demo: app.config.DEMO_FLEET,
        live: app.config.DEMO_FLEET && app.config.DEMO_LIVE,
        history: state
          ? {
              daysLoaded: Math.min(state.daysLoaded, state.days),
              days: state.days,
              oldestDay: oldestDay(state.anchor, state.daysLoaded, state.recentDays),
              complete: state.complete,
            }
          : null,
      };
      return { success: true as const, result };
    },
  );
};

/** The recent days come first, then one older day at a time: the oldest is daysLoaded − 1 back. */
function oldestDay(anchor: string, daysLoaded: number, recentDays: number): string | null {
  if (daysLoaded === 0) return null;
  const back = daysLoaded <= recentDays ? recentDays - 1 : daysLoaded - 1;
  return new Date(Date.parse(anchor) - back * DAY_MS).toISOString().slice(0, 10);
}
