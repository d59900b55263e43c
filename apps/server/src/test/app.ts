import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../platform/config';
import type { Database } from '../platform/db';
import { freshDatabase, secondConnection } from './database';

/** A clock tests can move: the server reads time only through it. */
export class TestClock {
  private offsetMs = 0;
  now = () => new Date(Date.now() + this.offsetMs);
  advance(ms: number) {
    this.offsetMs += ms;
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: TestClock;
  close(): Promise<void>;
}

/** The real app on a fresh database, with optional configuration overrides. */
export async function buildTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  return appOn(await freshDatabase(), new TestClock(), env);
}

/**
 * Another server on the first one's database (as behind a load balancer), with its own caches
 * and, on PostgreSQL, its own connections; same clock. Close it before the first.
 */
export async function buildSecondApp(first: TestApp, env: Record<string, string> = {}): Promise<TestApp> {
  return appOn(await secondConnection(first.database), first.clock, env);
}

async function appOn(database: Database, clock: TestClock, env: Record<string, string>): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/nonexistent-kestrel-test',
    WEB_DIST: '/nonexistent',
    ...env,
  });
  const app = await buildApp({ config, database, now: clock.now, logger: false });
  await app.ready();
  return {
    app,
    database,
    clock,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export const json = <T = { success: boolean; result: unknown; message?: string }>(
  r: LightMyRequestResponse,
) => r.json() as T;

/** Sign in and return the token (fails the test if sign-in fails). */
export async function login(app: FastifyInstance, email: string, password: string): Promise<string> {
  const r = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  if (r.statusCode !== 200) throw new Error(`login ${email} failed: ${r.statusCode} ${r.body}`);
  return r.json().result.token;
}

export const as = (token: string) => ({ 'x-access-token': token });
