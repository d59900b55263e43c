import { afterEach, describe, expect, it, vi } from 'vitest';
import { lastSuccess, markSuccess, request } from './client';

describe('every request (product §5)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('carries x-access-token and Content-Type: application/json, GET included', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ success: true, result: 1 })));
    vi.stubGlobal('fetch', fetch);
    localStorage.setItem('currentUser', 'token-123456789012345678901');
    await request('widgets');
    await request('widgets', { method: 'POST', body: { id: 1, data: [] } });
    for (const call of fetch.mock.calls as unknown as [string, RequestInit][]) {
      const headers = call[1].headers as Record<string, string>;
      expect(headers['Content-Type']).toBe('application/json');
      expect(headers['x-access-token']).toBe('token-123456789012345678901');
    }
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("a background poll's answer does not restart the idle clock; the user's own calls do", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ success: true, result: 1 }))),
    );
    markSuccess(1000);
    await request('messages/unread-count', { background: true });
    expect(lastSuccess()).toBe(1000);
    await request('widgets');
    expect(lastSuccess()).toBeGreaterThan(1000);
  });
});
