import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render';
import { withQuery } from '../../test/with-query';
import InboxPage from './InboxPage';
import ReadPage from './ReadPage';

/** Answers each API path with its body; records the URLs asked. */
function serve(routes: Record<string, unknown>) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      const key = Object.keys(routes).find((k) => url.startsWith(`/api/${k}`));
      return new Response(JSON.stringify({ success: true, result: key ? routes[key] : null }), {
        status: key ? 200 : 404,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return urls;
}

const item = (id: number, over = {}) => ({
  id,
  kind: 'connection_alert',
  subject: `Device offline (RED): Aurora SN ${id}`,
  senderName: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  read: false,
  archived: false,
  resolved: false,
  ...over,
});

describe('inbox', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists messages, unread ones marked, each linking to its page', async () => {
    serve({ messages: { items: [item(1), item(2, { read: true, resolved: true })], total: 2, unread: 1 } });
    renderUi(withQuery(<InboxPage />));
    const unread = await screen.findByRole('link', { name: 'Unread: Device offline (RED): Aurora SN 1' });
    expect(unread).toHaveAttribute('href', '/email/read?id=1');
    expect(screen.getByRole('link', { name: 'Device offline (RED): Aurora SN 2' })).toBeInTheDocument();
    expect(screen.getByText('Device offline (RED) · resolved')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Inbox (1 unread)' })).toBeInTheDocument();
  });

  it("says 'No data available' for an empty inbox and asks again by date when told", async () => {
    const urls = serve({ messages: { items: [], total: 0, unread: 0 } });
    renderUi(withQuery(<InboxPage />));
    expect(await screen.findByText('No data available')).toBeInTheDocument();
    expect(urls[0]).toContain('order=unread');
    await userEvent.click(screen.getByText('Newest first'));
    await waitFor(() => expect(urls.at(-1)).toContain('order=date'));
  });
});

describe('reading a message', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the message and links to the device it is about', async () => {
    serve({
      'messages/7': {
        ...item(7),
        read: true,
        body: 'Aurora SN 7 has not been heard from since …',
        link: '/device-details?deviceId=42',
        device: { id: 42, serial: '7', model: 'Aurora' },
        site: { id: 3, name: 'North' },
      },
    });
    renderUi(
      withQuery(
        <Routes>
          <Route path="/email/read" element={<ReadPage />} />
        </Routes>,
      ),
      { route: '/email/read?id=7' },
    );
    expect(
      await screen.findByRole('heading', { name: 'Device offline (RED): Aurora SN 7' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Aurora SN 7' })).toHaveAttribute(
      'href',
      '/device-details?deviceId=42',
    );
  });

  it('says how to choose a message when the address names none', () => {
    serve({});
    renderUi(withQuery(<ReadPage />), { route: '/email/read' });
    expect(screen.getByText('No message chosen')).toBeInTheDocument();
  });
});
