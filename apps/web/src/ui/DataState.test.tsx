import type { UseQueryResult } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { HttpError, NetworkError } from '../api/client';
import { renderUi } from '../test/render';
import { DataState } from './DataState';

const q = (over: Partial<UseQueryResult<number[]>>) =>
  ({
    isPending: false,
    isError: false,
    isFetching: false,
    data: undefined,
    refetch: vi.fn(),
    ...over,
  }) as unknown as UseQueryResult<number[]>;

const show = (query: UseQueryResult<number[]>) =>
  renderUi(
    <DataState query={query} what="Devices" isEmpty={(d) => d.length === 0}>
      {(d) => <p>{d.length} rows</p>}
    </DataState>,
  );

describe('DataState', () => {
  it('says what is loading', () => {
    show(q({ isPending: true }));
    expect(screen.getByText('Loading devices…')).toBeInTheDocument();
  });

  it("shows the server's message and retries on request", async () => {
    const query = q({ isError: true, error: new HttpError(404, 'Not Found', { message: 'No site 25.' }) });
    show(query);
    expect(screen.getByRole('alert')).toHaveTextContent('Devices: not loaded');
    expect(screen.getByRole('alert')).toHaveTextContent('No site 25.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(query.refetch).toHaveBeenCalledTimes(1);
  });

  it('tells what to do when the server cannot be reached or gives no message', () => {
    show(q({ isError: true, error: new NetworkError() }));
    expect(screen.getByRole('alert')).toHaveTextContent('Check your connection and try again.');
  });

  it("says 'No data available' when empty, else shows the data", () => {
    const { unmount } = show(q({ data: [] }));
    expect(screen.getByText('No data available')).toBeInTheDocument();
    unmount();
    show(q({ data: [1, 2] }));
    expect(screen.getByText('2 rows')).toBeInTheDocument();
  });
});
