import type { MenuSection } from '@kestrel/contract';
import { describe, expect, it } from 'vitest';
import {
  activeTrail,
  dashboardHref,
  hrefMatches,
  itemHref,
  siteNameFromMenu,
  toggleGroup,
} from './menu-model';

const site = (id: number, name: string) => ({
  name,
  type: 'sub' as const,
  state: 'hc-dashboards/SiteViewComponent',
  location_id: id,
  children: [
    {
      name: 'Site overview',
      type: 'link' as const,
      state: 'hc-dashboards/SiteViewComponent',
      location_id: id,
      parentName: name,
    },
    { name: 'Devices', type: 'link' as const, state: 'device-details', location_id: id, parentName: name },
  ],
});

const MENU: MenuSection[] = [
  {
    label: 'Overview',
    main: [
      { name: 'Fleet overview', type: 'link', state: 'hc-dashboards' },
      {
        name: 'Dashboards',
        type: 'sub',
        state: 'dashboard',
        main_state: 'dashboard/default',
        children: [
          { name: 'Quality', type: 'link', state: 'hc-dashboard2' },
          { name: 'Mine', type: 'link', state: 'dashboard/common?dashboard=7' },
        ],
      },
      { name: 'Devices', type: 'link', state: 'device-details' },
    ],
  },
  {
    label: 'Customers and sites',
    main: [
      {
        name: 'Alpha',
        type: 'sub',
        state: 'hc-dashboards',
        children: [site(11, 'Alpha One'), site(12, 'Alpha Two')],
      },
      { name: 'Beta', type: 'sub', state: 'hc-dashboards', children: [site(21, 'Beta One')] },
    ],
  },
  {
    label: 'Help',
    main: [{ name: 'Privacy', type: 'external', state: 'p', external: 'https://x.example/p', target: true }],
  },
];

const at = (url: string) => {
  const [pathname = '', q = ''] = url.split('?');
  return { pathname, search: q ? `?${q}` : '' };
};

describe('itemHref (product §2 item kinds)', () => {
  it('external → its address; main_state → that route; link → /state; site child → state?site=location_id', () => {
    expect(itemHref(MENU[2]!.main[0]!)).toBe('https://x.example/p');
    expect(itemHref(MENU[0]!.main[1]!)).toBe('/dashboard/default');
    expect(itemHref(MENU[0]!.main[0]!)).toBe('/hc-dashboards');
    expect(itemHref(site(11, 'Alpha One').children[1]!)).toBe('/device-details?site=11');
    expect(itemHref({ name: 'group', type: 'sub', state: 'x' })).toBeNull();
  });
});

describe('activeTrail: the accordion follows the URL', () => {
  it('opens customer → site for a site child and picks the child with the matching site', () => {
    expect(activeTrail(MENU, at('/device-details?site=12'))).toEqual(['s1/0', 's1/0/1', 's1/0/1/1']);
    expect(activeTrail(MENU, at('/device-details?site=21'))).toEqual(['s1/1', 's1/1/0', 's1/1/0/1']);
  });
  it('a plain link without ?site= matches the top-level item only', () => {
    expect(activeTrail(MENU, at('/device-details'))).toEqual(['s0/2']);
  });
  it('a saved dashboard matches on common, common1 and common2 with its id', () => {
    expect(activeTrail(MENU, at('/dashboard/common2?dashboard=7'))).toEqual(['s0/1', 's0/1/1']);
    expect(activeTrail(MENU, at('/dashboard/common1?dashboard=8'))).toEqual([]);
  });
  it('an unknown URL opens nothing', () => {
    expect(activeTrail(MENU, at('/hc-about'))).toEqual([]);
  });
});

describe('toggleGroup: accordion on click', () => {
  it('opening a group closes its siblings and their descendants, keeps ancestors', () => {
    const open = new Set(['s1/0', 's1/0/1']);
    expect([...toggleGroup(open, 's1/1')].sort()).toEqual(['s1/1']);
    expect([...toggleGroup(open, 's1/0/0')].sort()).toEqual(['s1/0', 's1/0/0']);
  });
  it('closing a group closes what is inside it', () => {
    expect([...toggleGroup(new Set(['s1/0', 's1/0/1']), 's1/0')]).toEqual([]);
  });
});

describe('helpers', () => {
  it('hrefMatches needs every query value of the item', () => {
    expect(hrefMatches('/device-details?site=1', at('/device-details?site=1&x=2'))).toBe(true);
    expect(hrefMatches('/device-details?site=1', at('/device-details?site=2'))).toBe(false);
    expect(hrefMatches('https://x', at('/'))).toBe(false);
  });
  it('reopening a dashboard alternates /dashboard/common1 and /dashboard/common2 (product §2)', () => {
    expect(dashboardHref('/dashboard/common?dashboard=7', '/hc-dashboards')).toBe(
      '/dashboard/common?dashboard=7',
    );
    expect(dashboardHref('/dashboard/common?dashboard=7', '/dashboard/common')).toBe(
      '/dashboard/common1?dashboard=7',
    );
    expect(dashboardHref('/dashboard/common?dashboard=7', '/dashboard/common1')).toBe(
      '/dashboard/common2?dashboard=7',
    );
    expect(dashboardHref('/dashboard/common?dashboard=7', '/dashboard/common2')).toBe(
      '/dashboard/common1?dashboard=7',
    );
    expect(dashboardHref('/hc-about', '/dashboard/common1')).toBe('/hc-about');
  });
  it('finds a site name from the menu', () => {
    expect(siteNameFromMenu(MENU, '21')).toBe('Beta One');
    expect(siteNameFromMenu(MENU, '99')).toBeNull();
  });
});
