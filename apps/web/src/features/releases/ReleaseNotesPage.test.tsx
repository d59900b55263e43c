import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render';
import { withQuery } from '../../test/with-query';
import ReleaseNotesPage from './ReleaseNotesPage';

describe('release notes', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a spinner while the notes load, not skeleton blocks', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderUi(withQuery(<ReleaseNotesPage />));
    const busy = screen.getByRole('status', { name: 'Loading release notes' });
    expect(busy.querySelector('.mantine-Loader-root')).not.toBeNull();
    expect(document.querySelector('.mantine-Skeleton-root')).toBeNull();
  });
});
