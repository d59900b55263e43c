import { describe, expect, it } from 'vitest';
import { saveCall } from './save-rule';

const data = { schemaVersion: 1 as const, widgets: [{ key: 'a', widgetId: 9049, options: {} }], layout: [] };

describe('saving a dashboard (product §4)', () => {
  it('PUTs to widgets/{id} when the dashboard exists and keeps its name', () => {
    expect(saveCall({ id: 7, savedName: 'Morning huddle', name: 'Morning huddle', data })).toEqual({
      method: 'PUT',
      path: 'widgets/7',
      body: { data },
    });
    // Case and surrounding spaces do not make a new name (the server compares names that way).
    expect(saveCall({ id: 7, savedName: 'Morning huddle', name: ' morning HUDDLE ', data }).method).toBe(
      'PUT',
    );
  });

  it('POSTs a new dashboard when it is newly named', () => {
    expect(saveCall({ id: 7, savedName: 'Morning huddle', name: 'Evening review', data })).toEqual({
      method: 'POST',
      path: 'widgets',
      body: { name: 'Evening review', data },
    });
  });

  it('POSTs when there is no id yet', () => {
    expect(saveCall({ id: null, savedName: null, name: '  Mine ', data })).toEqual({
      method: 'POST',
      path: 'widgets',
      body: { name: 'Mine', data },
    });
  });
});
