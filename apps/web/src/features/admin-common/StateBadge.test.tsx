import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render';
import { StateBadge } from './StateBadge';

describe('StateBadge', () => {
  it('never cuts its words: a long state wraps instead of ending in "…"', () => {
    renderUi(<StateBadge tone="bad">Silent since 11/14/2026</StateBadge>);
    const label = screen.getByText('Silent since 11/14/2026');
    expect(label.style.whiteSpace).toBe('normal');
    expect(label.style.textOverflow).toBe('clip');
  });
});
