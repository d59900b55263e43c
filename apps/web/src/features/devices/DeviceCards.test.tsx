import type { DeviceDetails } from '@kestrel/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render';
import { withQuery } from '../../test/with-query';
import { when } from '../../ui/DataState';
import { DeviceKeyCard } from './DeviceKeyCard';
import { LastFilesCard } from './DeviceRecords';

const HEARTBEAT = '2026-11-25T10:00:00.000Z';
const OBJECT = '2026-11-24T23:00:00.000Z';
const device = (over: Partial<DeviceDetails>) =>
  ({ id: 7, keyIssuedAt: null, lastHeartbeatAt: HEARTBEAT, lastObjectAt: OBJECT, ...over }) as DeviceDetails;

/** Product §2: the cards of one page agree with each other. */
describe('device page cards', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('the key card does not say the device cannot send heartbeats beside a heartbeat it sent', () => {
    renderUi(withQuery(<DeviceKeyCard d={device({})} />));
    const card = screen.getByRole('region', { name: 'Device key' });
    expect(card).not.toHaveTextContent(/cannot send heartbeats/);
    expect(card).toHaveTextContent(when(HEARTBEAT));
    expect(card).toHaveTextContent(/no key/i);
  });

  it('a device never heard from and without a key: it cannot send heartbeats yet', () => {
    renderUi(withQuery(<DeviceKeyCard d={device({ lastHeartbeatAt: null })} />));
    expect(screen.getByRole('region', { name: 'Device key' })).toHaveTextContent(/cannot send heartbeats/);
  });

  it('Last files is not "No data available" beside a last-object time: it names that object', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ success: true, result: [] }))),
    );
    renderUi(withQuery(<LastFilesCard deviceId={7} lastObjectAt={OBJECT} />));
    const card = screen.getByRole('region', { name: 'Last files' });
    expect(
      await screen.findByText(new RegExp(when(OBJECT).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))),
    ).toBeInTheDocument();
    expect(card).not.toHaveTextContent('No data available');
  });

  it('Last files with no object at all says No data available', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ success: true, result: [] }))),
    );
    renderUi(withQuery(<LastFilesCard deviceId={7} lastObjectAt={null} />));
    expect(await screen.findByText('No data available')).toBeInTheDocument();
  });
});
