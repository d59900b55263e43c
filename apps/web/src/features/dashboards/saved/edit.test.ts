import { dashboardData } from '@kestrel/contract';
import { describe, expect, it } from 'vitest';
import { orderedLayout } from '../layout';
import { addWidget, emptyDraft, moveWidget, removeWidget, resizeWidget } from './edit';

const build = () => [9049, 9057, 9035].reduce(addWidget, emptyDraft());
const order = (d: ReturnType<typeof build>) =>
  orderedLayout(d).map((l) => d.widgets.find((w) => w.key === l.key)!.widgetId);

describe('editing a dashboard', () => {
  it('adds widgets two to a row, with unique keys, valid for the server schema', () => {
    const d = addWidget(build(), 9049);
    expect(d.widgets.map((w) => w.key)).toEqual(['w9049-1', 'w9057-1', 'w9035-1', 'w9049-2']);
    expect(d.layout.map(({ x, y }) => [x, y])).toEqual([
      [0, 0],
      [6, 0],
      [0, 3],
      [6, 3],
    ]);
    expect(dashboardData.safeParse(d).success).toBe(true);
  });

  it('reorders, resizes and removes, re-flowing the rows', () => {
    let d = moveWidget(build(), 'w9035-1', -1);
    expect(order(d)).toEqual([9049, 9035, 9057]);
    expect(moveWidget(d, 'w9049-1', -1)).toBe(d); // already first
    d = resizeWidget(d, 'w9049-1', { w: 12, h: 4 });
    expect(d.layout[0]).toEqual({ key: 'w9049-1', x: 0, y: 0, w: 12, h: 4 });
    expect(d.layout[1]).toMatchObject({ key: 'w9035-1', x: 0, y: 4 });
    d = removeWidget(d, 'w9035-1');
    expect(d.widgets.map((w) => w.widgetId)).toEqual([9049, 9057]);
    expect(d.layout.map((l) => l.key)).toEqual(['w9049-1', 'w9057-1']);
    expect(dashboardData.safeParse(d).success).toBe(true);
  });
});
