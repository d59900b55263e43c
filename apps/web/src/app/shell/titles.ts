/**
 * Breadcrumbs and titles (product §2 Breadcrumbs / Breadcrumb titles, product §10.1).
 */
export interface Crumb {
  label: string;
  title?: string;
  url: string;
  /** false: shown inactive, not a link. */
  status?: boolean;
}

export interface TitleInput {
  path: string;
  label: string;
  search: string;
  site?: { id: string | null; name: string | null };
  deviceId?: string | null;
  techName?: string | null;
  dashboardName?: string | null;
}

const SITE_PAGES = new Set(['hc-dashboards/SiteViewComponent', 'device-details', 'hc-user']);
const DASHBOARD_ROOT = /^dashboard\/common[12]?$/;

/** The label of the current crumb: under the dashboard root, the dashboard's own name. */
export function crumbLabel(i: TitleInput): string {
  return DASHBOARD_ROOT.test(i.path) && i.dashboardName ? i.dashboardName : i.label;
}

/** The page heading (the last crumb's title). */
export function pageTitle(i: TitleInput): string {
  const label = crumbLabel(i);
  const siteId = new URLSearchParams(i.search).get('site');
  if (siteId && SITE_PAGES.has(i.path)) {
    const name = i.site?.id === siteId ? i.site.name : null;
    return name ? `${name} - ${label}` : label;
  }
  // The device page is device-details?deviceId=…; the list without it keeps its plain label.
  if (i.path === 'device-details' && i.deviceId && new URLSearchParams(i.search).has('deviceId'))
    return `SN - ${i.deviceId} - ${label}`;
  if (i.path === 'hc-user' && i.techName) return `${i.techName} - ${label}`;
  // Answering a message is the compose page with ?replyTo= (features/messages/ComposePage.tsx).
  if (i.path === 'email/compose' && new URLSearchParams(i.search).has('replyTo')) return 'Reply';
  return label;
}

/** Groups that are not pages themselves appear as inactive crumbs. */
const GROUPS: Record<string, string> = {
  dashboard: 'Dashboards',
  user: 'Account',
  email: 'Messages',
  maintenance: 'Maintenance',
  admin: 'Administration',
};

export function breadcrumbs(i: TitleInput, routeLabel: (path: string) => string | undefined): Crumb[] {
  const crumbs: Crumb[] = [{ label: 'Home', url: '/landing' }];
  const parts = i.path.split('/');
  for (let n = 1; n < parts.length; n++) {
    const parentPath = parts.slice(0, n).join('/');
    const parentLabel = routeLabel(parentPath);
    if (parentLabel) crumbs.push({ label: parentLabel, url: `/${parentPath}` });
    else crumbs.push({ label: GROUPS[parentPath] ?? parentPath, url: `/${parentPath}`, status: false });
  }
  crumbs.push({ label: crumbLabel(i), title: pageTitle(i), url: `/${i.path}${i.search}` });
  return crumbs;
}

/** Product §10.1: 'Kestrel | {breadcrumb label}'. */
export const tabTitle = (productName: string, label: string) => `${productName} | ${label}`;
