import type { CustomerRow } from '@kestrel/contract';

export interface CustomerNode {
  customer: CustomerRow;
  children: CustomerNode[];
}

/**
 * Networks as trees: a customer whose parent is not among the rows (not visible to the caller,
 * or filtered out) is a root. Names sort alphabetically at every level.
 */
export function customerTree(rows: readonly CustomerRow[]): CustomerNode[] {
  const nodes = new Map(rows.map((c) => [c.id, { customer: c, children: [] as CustomerNode[] }]));
  const roots: CustomerNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.customer.parentId == null ? undefined : nodes.get(node.customer.parentId);
    (parent ? parent.children : roots).push(node);
  }
  const sort = (list: CustomerNode[]) => {
    list.sort((a, b) => a.customer.name.localeCompare(b.customer.name));
    for (const n of list) sort(n.children);
    return list;
  };
  return sort(roots);
}

/** "2 hospitals · 5 sites · 12 devices · 4 users": what is under a customer. */
export function countsText(c: CustomerRow['counts']): string {
  const part = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return [
    ...(c.children ? [part(c.children, 'member', 'members')] : []),
    part(c.sites, 'site', 'sites'),
    part(c.devices, 'device', 'devices'),
    part(c.users, 'user', 'users'),
  ].join(' · ');
}
