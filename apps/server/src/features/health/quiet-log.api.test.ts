import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../platform/config';
import type { Database } from '../../platform/db';
import { freshDatabase } from '../../test/database';

describe('the request log at the default level', () => {
  const lines: string[] = [];
  let app: Awaited<ReturnType<typeof buildApp>>;
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/nonexistent-kestrel-test',
      WEB_DIST: '/nonexistent',
    });
    expect(config.LOG_LEVEL).toBe('info');
    app = await buildApp({ config, database, logStream: { write: (line) => void lines.push(line) } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('writes no line for health checks, and still logs other requests', async () => {
    lines.length = 0;
    for (let i = 0; i < 5; i++) {
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    }
    expect(lines.filter((l) => /healthz|readyz/.test(l))).toEqual([]);
    await app.inject({ url: '/api/appconfig' });
    expect(lines.some((l) => l.includes('/api/appconfig'))).toBe(true);
  });
});
