import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { allowEmptyJsonBody } from './json-body';

/** Product §5: the web app sends Content-Type: application/json on every request, bodiless ones too. */
describe('JSON bodies', () => {
  async function app() {
    const a = Fastify();
    allowEmptyJsonBody(a);
    a.delete('/thing', async (req) => ({ body: req.body ?? null }));
    a.post('/thing', async (req) => ({ body: req.body ?? null }));
    await a.ready();
    return a;
  }

  it('a DELETE with Content-Type: application/json and no body is answered, not refused', async () => {
    const a = await app();
    const r = await a.inject({
      method: 'DELETE',
      url: '/thing',
      headers: { 'content-type': 'application/json', 'content-length': '0' },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ body: null });
  });

  it('a JSON body is still parsed, and bad JSON is still a 400', async () => {
    const a = await app();
    const ok = await a.inject({ method: 'POST', url: '/thing', payload: { id: 1 } });
    expect(ok.json()).toEqual({ body: { id: 1 } });
    const bad = await a.inject({
      method: 'POST',
      url: '/thing',
      headers: { 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(bad.statusCode).toBe(400);
  });
});
