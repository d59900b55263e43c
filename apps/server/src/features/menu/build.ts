import {
  APPLICATION,
  type DashboardStateItem,
  type MenuItem,
  type MenuSection,
  type Role,
} from '@kestrel/contract';
import type { VisibleSite } from './sites';

export interface MenuInput {
  applicationId: number;
  role: Role;
  sites: VisibleSite[];
  dashboards: DashboardStateItem[];
  providerSlug: string;
  privacyPolicyUrl: string;
}

const link = (name: string, state: string, icon?: string): MenuItem => ({ name, type: 'link', state, icon });

/** What one site offers; each child opens `/{state}?site={location_id}`. */
const siteChildren = (site: VisibleSite): MenuItem[] =>
  [
    link('Site overview', 'hc-dashboards/SiteViewComponent', 'site'),
    link('Devices', 'device-details', 'device'),
    link('Technologists', 'hc-user', 'users'),
  ].map((child) => ({ ...child, location_id: site.id, parentName: site.name }));

const siteItem = (site: VisibleSite): MenuItem => ({
  name: site.name,
  type: 'sub',
  state: 'hc-dashboards/SiteViewComponent',
  location_id: site.id,
  icon: 'site',
  children: siteChildren(site),
});

/**
 * Sites as one list when they belong to one customer; otherwise grouped by customer (sub → sub
 * → children: the three levels the brief allows).
 */
function sitesSection(sites: VisibleSite[]): MenuSection | null {
  if (!sites.length) return null;
  const byCustomer = new Map<number, VisibleSite[]>(); // Map.groupBy needs Node 21
  for (const s of sites) byCustomer.set(s.customerId, [...(byCustomer.get(s.customerId) ?? []), s]);
  if (byCustomer.size === 1) return { label: 'Sites', main: sites.map(siteItem) };
  return {
    label: 'Customers and sites',
    main: [...byCustomer.values()].map((list) => ({
      name: list[0]!.customerName,
      type: 'sub',
      state: 'hc-dashboards',
      icon: 'customer',
      children: list.map(siteItem),
    })),
  };
}

function dashboardsItem(dashboards: DashboardStateItem[]): MenuItem {
  return {
    name: 'Dashboards',
    type: 'sub',
    state: 'dashboard',
    main_state: 'dashboard/default',
    icon: 'dashboard',
    children: [
      link('Utilisation', 'hc-dashboard1'),
      link('Quality', 'hc-dashboard2'),
      link('Equipment', 'hc-dashboard3'),
      link('Dimensions', 'dashboard/dimension'),
      ...dashboards.map((d) => link(d.dashboardName, `dashboard/common?dashboard=${d.dashboardId}`)),
    ],
  };
}

function helpSection(privacyPolicyUrl: string): MenuSection {
  return {
    label: 'Help',
    main: [
      link('Your contacts', 'user/card', 'contact'),
      link('Release notes', 'release-notes', 'release'),
      link('About', 'hc-about', 'info'),
      {
        name: 'Privacy policy',
        type: 'external',
        state: 'privacy',
        external: privacyPolicyUrl,
        target: true,
        icon: 'external',
      },
    ],
  };
}

const analysisSection = (role: Role): MenuSection => ({
  label: 'Analysis',
  main: [
    link('Fleet analytics', 'dashboard/analytics', 'chart'),
    link('Study analytics', 'study-analytics', 'table'),
    ...(role === 'customer_user' ? [] : [link('Enterprise comparison', 'enterprise', 'compare')]),
    link('Widget catalogue', 'widget', 'widget'),
    link('Reports', 'reports', 'report'),
  ],
});

/** The side menu of one application for one role (product §2 left navigation, §7 side-menu). */
export function buildMenu(input: MenuInput): MenuSection[] {
  const { role, applicationId } = input;
  if (applicationId === APPLICATION.noMenu) return [];
  const sections: (MenuSection | null)[] = [];

  if (applicationId === APPLICATION.clientPortal) {
    sections.push({
      label: 'Overview',
      main: [
        link('Home', 'client-portal', 'home'),
        link('Fleet overview', 'hc-dashboards', 'fleet'),
        dashboardsItem(input.dashboards),
        link('Devices', 'device-details', 'device'),
        link('Messages', 'email/inbox', 'mail'),
      ],
    });
    sections.push(sitesSection(input.sites), analysisSection(role));
    if (role === 'customer_admin') {
      sections.push({
        label: 'Administration',
        main: [
          link('Users', 'user-admin', 'users'),
          link('Aliases', 'hc-alias', 'alias'),
          link('Audit trail', 'admin/audit', 'audit'),
          link('Update approvals', 'release-approvals', 'release'),
        ],
      });
    }
  } else if (applicationId === APPLICATION.providerPortal) {
    sections.push({
      label: 'Overview',
      main: [
        link('Home', `${input.providerSlug}-portal`, 'home'),
        link('Fleet overview', 'hc-dashboards', 'fleet'),
        dashboardsItem(input.dashboards),
        link('Utilisation', 'dashboard/ecommerce', 'chart'),
        link('Onboarding', 'dashboard/project', 'onboarding'),
        link('Messages', 'email/inbox', 'mail'),
      ],
    });
    sections.push(sitesSection(input.sites), analysisSection(role));
    const sales: MenuItem[] = [
      link('Sales representative dashboard', 'sales-rep-dashboard', 'sales'),
      link('Add sites', 'hc-add-sites', 'add'),
    ];
    if (role === 'sales')
      sections.push({
        label: 'Sales representative',
        main: [...sales, link('Aliases', 'hc-alias', 'alias')],
      });
    if (role === 'provider_admin') {
      sections.push({
        label: 'Administration',
        main: [
          {
            name: 'People and access',
            type: 'sub',
            state: 'user-management',
            main_state: 'user-management',
            icon: 'users',
            children: [
              link('User management', 'user-management'),
              link('Users', 'user-admin'),
              link('Customers', 'customer-admin'),
              link('Audit trail', 'admin/audit'),
              link('Mail outbox', 'admin/outbox'),
              link('Company sign-in', 'identity-providers'),
              link('Licence agreement', 'admin/eula'),
            ],
          },
          {
            name: 'Software releases',
            type: 'sub',
            state: 'releases',
            main_state: 'releases',
            icon: 'release',
            children: [
              link('Releases', 'releases'),
              link('Deploy a package', 'deployPackage'),
              link('Rollouts', 'rollouts'),
            ],
          },
          ...sales,
          link('Template dashboards', 'static-dashboard', 'template'),
          link('Aliases', 'hc-alias', 'alias'),
        ],
      });
    }
  } else if (applicationId === APPLICATION.servicePortal) {
    sections.push({
      label: 'Service',
      main: [
        link('Service dashboard', 'service-dashboard', 'service'),
        link('Fleet overview', 'hc-dashboards', 'fleet'),
        link('Devices', 'device-details', 'device'),
        link('Equipment', 'hc-dashboard3', 'tube'),
        link('Software rollouts', 'rollouts', 'release'),
        link('Reports', 'reports', 'report'),
        link('Messages', 'email/inbox', 'mail'),
      ],
    });
    sections.push(sitesSection(input.sites));
  }
  sections.push(helpSection(input.privacyPolicyUrl));
  return sections.filter((s): s is MenuSection => s !== null);
}
