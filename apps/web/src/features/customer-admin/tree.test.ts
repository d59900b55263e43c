import type { CustomerRow } from '@kestrel/contract';
import { describe, expect, it } from 'vitest';
import { countsText, customerTree } from './tree';

const row = (id: number, name: string, parentId: number | null): CustomerRow => ({
  id,
  name,
  parentId,
  parentName: null,
  country: null,
  city: null,
  timeZone: 'UTC',
  active: true,
  createdAt: '2026-01-01T00:00:00Z',
  counts: { children: 0, sites: 0, devices: 0, users: 0 },
});

describe('customerTree', () => {
  it('nests hospitals under their network and sorts by name; an unseen parent makes a root', () => {
    const tree = customerTree([
      row(3, 'St. B', 1),
      row(1, 'Network', null),
      row(2, 'St. A', 1),
      row(9, 'Orphan', 77),
    ]);
    expect(tree.map((n) => n.customer.name)).toEqual(['Network', 'Orphan']);
    expect(tree[0]!.children.map((n) => n.customer.name)).toEqual(['St. A', 'St. B']);
  });
});

describe('countsText', () => {
  it('names members only when there are some, and uses singulars', () => {
    expect(countsText({ children: 0, sites: 1, devices: 12, users: 1 })).toBe('1 site · 12 devices · 1 user');
    expect(countsText({ children: 2, sites: 0, devices: 0, users: 0 })).toBe(
      '2 members · 0 sites · 0 devices · 0 users',
    );
  });
});
