import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render';
import { withQuery } from '../../test/with-query';
import ComposePage from './ComposePage';
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
        replyTo: null,
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
    // An automatic alert has nobody to answer.
    expect(screen.queryByRole('link', { name: /^Reply/ })).toBeNull();
  });

  it('says how to choose a message when the address names none', () => {
    serve({});
    renderUi(withQuery(<ReadPage />), { route: '/email/read' });
    expect(screen.getByText('No message chosen')).toBeInTheDocument();
  });
});

describe('replying', () => {
  // The message's autosizing textarea listens for font loading, which jsdom does not have.
  beforeAll(() => {
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
      });
  });
  afterEach(() => vi.unstubAllGlobals());

  const fromRep = {
    ...item(5, { kind: 'message', senderName: 'Sam Sales', read: true, resolved: null }),
    subject: 'Calibration visit',
    body: 'May we come on Tuesday?',
    link: '/device-details?deviceId=42',
    device: { id: 42, serial: '7', model: 'Aurora' },
    site: { id: 3, name: 'North' },
    replyTo: { userId: 9, displayName: 'Sam Sales' },
  };

  it('offers Reply on a person’s message, opening compose for it', async () => {
    serve({ 'messages/5': fromRep });
    renderUi(
      withQuery(
        <Routes>
          <Route path="/email/read" element={<ReadPage />} />
        </Routes>,
      ),
      { route: '/email/read?id=5' },
    );
    expect(await screen.findByRole('link', { name: 'Reply to Sam Sales' })).toHaveAttribute(
      'href',
      '/email/compose?replyTo=5',
    );
  });

  it('prefills the sender, "Re:" and the device, and sends the reply as one', async () => {
    const sent: unknown[] = [];
    const answers: [string, unknown][] = [
      ['messages/recipients', [{ userId: 9, displayName: 'Sam Sales', role: 'Sales representative' }]],
      ['messages/5', fromRep],
      [
        'getCurrentSites',
        [
          {
            id: 3,
            name: 'North',
            alias: null,
            displayName: 'North',
            customerId: 1,
            customerName: 'Northwind',
            timeZone: 'UTC',
          },
        ],
      ],
      ['ha/devices', [{ id: 42, model: 'Aurora', serial: '7' }]],
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          sent.push(JSON.parse(String(init.body)));
          return Response.json({ success: true, result: { id: 77 } });
        }
        const hit = answers.find(([k]) => url.startsWith(`/api/${k}`));
        return Response.json({ success: true, result: hit?.[1] ?? null }, { status: hit ? 200 : 404 });
      }),
    );
    renderUi(
      withQuery(
        <Routes>
          <Route path="/email/compose" element={<ComposePage />} />
          <Route path="/email/inbox" element={<p>Inbox</p>} />
        </Routes>,
      ),
      { route: '/email/compose?replyTo=5' },
    );
    const subject = await screen.findByRole('textbox', { name: /^Subject/ });
    expect(subject).toHaveValue('Re: Calibration visit');
    expect(screen.getByRole('region', { name: 'Reply' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'To' })).toHaveValue('Sam Sales — Sales representative'),
    );
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'About the device' })).toHaveValue('Aurora SN 7'),
    );
    await userEvent.type(screen.getByRole('textbox', { name: /^Message/ }), 'Tuesday is fine.');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Inbox')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        toUserId: 9,
        subject: 'Re: Calibration visit',
        body: 'Tuesday is fine.',
        siteId: 3,
        deviceId: 42,
        replyToId: 5,
      },
    ]);
  });
});
