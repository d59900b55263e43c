import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render';
import { KindBadge } from './KindBadge';

describe('message kind badge', () => {
  it('keeps its words whole in a narrow column (a second line, never "…")', () => {
    renderUi(<KindBadge kind="connection_alert" resolved />);
    const label = screen.getByText(/· resolved/);
    expect(label.style.whiteSpace).toBe('normal');
    expect(label.style.textOverflow).toBe('clip');
  });
});
