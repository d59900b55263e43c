import type { MenuItem, MenuSection } from '@kestrel/contract';

/**
 * The left navigation's rules (product §2 left navigation, §4 menu loading), pure so that they are
 * tested without a browser. Every item gets a key from its position: "section/index/index…".
 */
export interface Where {
  pathname: string;
  search: string;
}

/** Where an item leads: external address; main_state route; state?site=location_id; /state. */
export function itemHref(item: MenuItem): string | null {
  if (item.type === 'external') return item.external ?? null;
  if (item.main_state) return `/${item.main_state}`;
  if (item.type === 'sub') return null;
  if (item.location_id != null)
    return `/${item.state}${item.state.includes('?') ? '&' : '?'}site=${item.location_id}`;
  return `/${item.state}`;
}

/** common1/common2 are the same dashboard page opened anew (product §2). */
const canonicalPath = (p: string) => p.replace(/^\/dashboard\/common[12]$/, '/dashboard/common');

/** An internal href matches when the path is the same and each of its query values is present. */
export function hrefMatches(href: string, where: Where): boolean {
  if (!href.startsWith('/')) return false;
  const [path = '', query = ''] = href.split('?');
  if (canonicalPath(path) !== canonicalPath(where.pathname)) return false;
  const current = new URLSearchParams(where.search);
  for (const [k, v] of new URLSearchParams(query)) if (current.get(k) !== v) return false;
  return true;
}

interface Found {
  keys: string[];
  item: MenuItem;
  /** How specific the match is: more query parameters win (site child over plain link). */
  score: number;
}

/** Keys from the section down to the item that matches the URL best (or [] when none does). */
export function activeTrail(sections: MenuSection[], where: Where): string[] {
  let best: Found | null = null;
  const walk = (items: MenuItem[], parent: string[]) => {
    items.forEach((item, i) => {
      const key = [...parent, String(i)];
      const href = itemHref(item);
      const childless = item.type !== 'sub' || !item.children?.length;
      if (href && childless && hrefMatches(href, where)) {
        const score = (href.split('?')[1]?.split('&').length ?? 0) + 1;
        if (!best || score > best.score) best = { keys: key, item, score };
      }
      if (item.children) walk(item.children, key);
    });
  };
  sections.forEach((s, i) => {
    walk(s.main, [`s${i}`]);
  });
  const found = best as Found | null;
  if (!found) return [];
  // Every ancestor key: "s0/2", "s0/2/1", …, down to the item itself.
  return found.keys.slice(1).map((_, n) => found.keys.slice(0, n + 2).join('/'));
}

/** Accordion: opening a group closes its siblings (and their descendants). */
export function toggleGroup(open: ReadonlySet<string>, key: string): Set<string> {
  const next = new Set(open);
  if (next.has(key)) {
    for (const k of open) if (k === key || k.startsWith(`${key}/`)) next.delete(k);
    return next;
  }
  const parent = key.slice(0, key.lastIndexOf('/'));
  for (const k of open) {
    const isSiblingBranch = k.startsWith(`${parent}/`) && !key.startsWith(`${k}/`);
    if (isSiblingBranch) next.delete(k);
  }
  next.add(key);
  return next;
}

/** The site's name as the menu knows it (site children carry parentName). */
export function siteNameFromMenu(sections: MenuSection[], siteId: string): string | null {
  const walk = (items: MenuItem[]): string | null => {
    for (const item of items) {
      if (String(item.location_id) === siteId && item.type === 'sub') return item.name;
      if (String(item.location_id) === siteId && item.parentName) return item.parentName;
      const found = item.children ? walk(item.children) : null;
      if (found) return found;
    }
    return null;
  };
  for (const s of sections) {
    const found = walk(s.main);
    if (found) return found;
  }
  return null;
}

/**
 * Product §2: /dashboard/common1 and /common2 alternate when the same dashboard is reopened, so
 * that the page opens anew even though the route did not change.
 */
export function dashboardHref(href: string, currentPath: string): string {
  if (!href.startsWith('/dashboard/common?') && href !== '/dashboard/common') return href;
  if (!currentPath.startsWith('/dashboard/common')) return href;
  const next = currentPath === '/dashboard/common1' ? '/dashboard/common2' : '/dashboard/common1';
  return href.replace('/dashboard/common', next);
}

/**
 * A badge's `type` is a colour class (product §2): `badge-danger`, `badge-success`, … as the
 * menu source names them, or a plain colour. Unknown classes fall back to grey, never to nothing.
 */
const BADGE_CLASSES: Record<string, string> = {
  danger: 'red',
  error: 'red',
  success: 'green',
  warning: 'yellow',
  info: 'cyan',
  primary: 'kestrel',
  secondary: 'gray',
  default: 'gray',
  light: 'gray',
  dark: 'dark',
  inverse: 'dark',
};
const PLAIN_COLOURS = new Set([
  'red',
  'green',
  'yellow',
  'orange',
  'blue',
  'cyan',
  'teal',
  'grape',
  'violet',
  'pink',
  'gray',
  'dark',
  'indigo',
  'lime',
  'kestrel',
]);

export function badgeColour(type: string | undefined): string {
  const name = (type ?? '')
    .trim()
    .toLowerCase()
    .replace(/^(badge|label|bg)-/, '');
  return BADGE_CLASSES[name] ?? (PLAIN_COLOURS.has(name) ? name : 'gray');
}
