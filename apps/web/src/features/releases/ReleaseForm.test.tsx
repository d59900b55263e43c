import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render';
import { withQuery } from '../../test/with-query';
import { Markdown } from './Markdown';
import { ReleaseForm } from './ReleaseForm';
import { routedFetch } from './test-data';

describe('registering a release', () => {
  // The notes' autosizing textarea listens for font loading, which jsdom does not have.
  beforeAll(() => {
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
      });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('previews the Markdown notes as they will be shown', async () => {
    renderUi(withQuery(<ReleaseForm onDone={() => {}} onCancel={() => {}} />));
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Release notes in Markdown' }),
      '## Faster{enter}- **Bold** item',
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Preview' }));
    const preview = screen.getByTestId('notes-preview');
    expect(preview.querySelector('h4')).toHaveTextContent('Faster');
    expect(preview.querySelector('li strong')).toHaveTextContent('Bold');
  });

  it("sends the release and shows the server's refusal at the field it names", async () => {
    const { fn, calls } = routedFetch({
      'POST /api/ha/releases': () =>
        new Response(
          JSON.stringify({
            message: 'Invalid request',
            issues: [{ path: 'body.version', message: 'must be a version like 6.2.1' }],
          }),
          { status: 400, statusText: 'Bad Request' },
        ),
    });
    vi.stubGlobal('fetch', vi.fn(fn));
    renderUi(withQuery(<ReleaseForm onDone={() => {}} onCancel={() => {}} />));
    await userEvent.type(screen.getByRole('textbox', { name: /^Version/ }), '6.2');
    await userEvent.type(screen.getByRole('textbox', { name: /^Upgrades from version/ }), '6.0.0');
    await userEvent.type(screen.getByRole('textbox', { name: /^Title/ }), 'Faster');
    await userEvent.click(screen.getByRole('checkbox', { name: '3D' }));
    await userEvent.click(screen.getByRole('button', { name: 'Register as draft' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({
      version: '6.2',
      title: 'Faster',
      deviceTypes: ['3D'],
      minFromVersion: '6.0.0',
      notesMarkdown: '',
    });
    expect(await screen.findByText('must be a version like 6.2.1')).toBeVisible();
  });
});

describe('Markdown notes', () => {
  it('never runs HTML written into the notes', () => {
    const { container } = renderUi(
      <Markdown text={'Hi <img src=x onerror="alert(1)"> <script>alert(2)</script>'} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container).toHaveTextContent('Hi');
  });
});
