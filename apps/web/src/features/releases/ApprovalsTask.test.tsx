import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render';
import { withQuery } from '../../test/with-query';
import { ApprovalsTask } from './ApprovalsTask';
import { routedFetch } from './test-data';

const item = (id: number, siteId: number) => ({
  id,
  rolloutId: 5,
  releaseId: 7,
  version: '6.2.0',
  title: 'Faster',
  notesMarkdown: '',
  siteId,
  siteName: `Site ${siteId}`,
  customerId: 1,
  devices: 2,
  state: 'pending',
  requestedAt: '2026-01-15T10:00:00Z',
  decidedAt: null,
  decidedBy: null,
  comment: null,
});

describe("the customer admin's approval task", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names how many approvals wait, for how many sites, and links to them', async () => {
    const { fn, calls } = routedFetch({ 'GET /api/ha/releaseApprovals': [item(1, 10), item(2, 11)] });
    vi.stubGlobal('fetch', vi.fn(fn));
    renderUi(withQuery(<ApprovalsTask />));
    const task = await screen.findByTestId('approvals-task');
    expect(task).toHaveTextContent('2 approvals for 2 sites: version 6.2.0.');
    expect(screen.getByRole('link', { name: 'Review updates' })).toHaveAttribute(
      'href',
      '/release-approvals',
    );
    expect(calls[0]!.url).toBe('/api/ha/releaseApprovals?state=pending');
  });

  it('shows nothing when no approval waits', async () => {
    const { fn, calls } = routedFetch({ 'GET /api/ha/releaseApprovals': [] });
    vi.stubGlobal('fetch', vi.fn(fn));
    const { container } = renderUi(withQuery(<ApprovalsTask />));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(container.querySelector('[data-testid="approvals-task"]')).toBeNull();
  });
});
