import { describe, expect, it } from 'vitest';
import { breadcrumbs, crumbLabel, pageTitle, tabTitle } from './titles';

const base = { label: 'Devices', search: '' };

describe('breadcrumb titles (product §2)', () => {
  it("device page: 'SN - {device id} - {label}'", () => {
    expect(pageTitle({ ...base, path: 'device-details', search: '?deviceId=12', deviceId: 'MG1234' })).toBe(
      'SN - MG1234 - Devices',
    );
    expect(pageTitle({ ...base, path: 'device-details', search: '?deviceId=12' })).toBe('Devices');
    // The device list is not a device page, whatever device was selected last.
    expect(pageTitle({ ...base, path: 'device-details', deviceId: 'MG1234' })).toBe('Devices');
  });
  it("site, devices and technologists pages: '{site name} - {label}' for the site in the URL", () => {
    const site = { id: '5', name: 'Harbor East' };
    expect(
      pageTitle({ path: 'hc-dashboards/SiteViewComponent', label: 'Site overview', search: '?site=5', site }),
    ).toBe('Harbor East - Site overview');
    expect(pageTitle({ ...base, path: 'device-details', search: '?site=5', site, deviceId: 'X' })).toBe(
      'Harbor East - Devices',
    );
    expect(pageTitle({ path: 'hc-user', label: 'Technologists', search: '?site=5', site })).toBe(
      'Harbor East - Technologists',
    );
    // A stored name of another site is not used.
    expect(pageTitle({ path: 'hc-user', label: 'Technologists', search: '?site=6', site })).toBe(
      'Technologists',
    );
  });
  it("technologist performance: '{technologist name} - {label}'", () => {
    expect(pageTitle({ path: 'hc-user', label: 'Technologists', search: '', techName: 'Jane Doe' })).toBe(
      'Jane Doe - Technologists',
    );
  });
  it("answering a message is titled 'Reply', writing one 'New message'", () => {
    const compose = { path: 'email/compose', label: 'New message' };
    expect(pageTitle({ ...compose, search: '?replyTo=42' })).toBe('Reply');
    expect(pageTitle({ ...compose, search: '?deviceId=7' })).toBe('New message');
  });
  it('names the administration group, which is not a page of its own', () => {
    const crumbs = breadcrumbs({ path: 'admin/audit', label: 'Audit trail', search: '' }, () => undefined);
    expect(crumbs.map((c) => [c.label, c.status])).toEqual([
      ['Home', undefined],
      ['Administration', false],
      ['Audit trail', undefined],
    ]);
  });
  it("under the dashboard root the label is the selected dashboard's name", () => {
    for (const path of ['dashboard/common', 'dashboard/common1', 'dashboard/common2']) {
      const input = { path, label: 'Dashboard', search: '?dashboard=3', dashboardName: 'Morning huddle' };
      expect(crumbLabel(input)).toBe('Morning huddle');
      expect(pageTitle(input)).toBe('Morning huddle');
    }
    expect(
      crumbLabel({ path: 'dashboard/analytics', label: 'Fleet analytics', search: '', dashboardName: 'X' }),
    ).toBe('Fleet analytics');
  });
});

describe('breadcrumbs', () => {
  const labels: Record<string, string> = { 'hc-dashboards': 'Fleet overview' };
  it("start with 'Home' → /landing; a parent that is a page links, a group is inactive (status false)", () => {
    expect(
      breadcrumbs(
        { path: 'hc-dashboards/SiteViewComponent', label: 'Site overview', search: '?site=5' },
        (p) => labels[p],
      ),
    ).toEqual([
      { label: 'Home', url: '/landing' },
      { label: 'Fleet overview', url: '/hc-dashboards' },
      { label: 'Site overview', title: 'Site overview', url: '/hc-dashboards/SiteViewComponent?site=5' },
    ]);
    expect(
      breadcrumbs({ path: 'dashboard/analytics', label: 'Fleet analytics', search: '' }, () => undefined)[1],
    ).toEqual({
      label: 'Dashboards',
      url: '/dashboard',
      status: false,
    });
  });
  it("tab title is 'Kestrel | {label}' (product §10.1)", () => {
    expect(tabTitle('Kestrel', 'Fleet overview')).toBe('Kestrel | Fleet overview');
  });
});
