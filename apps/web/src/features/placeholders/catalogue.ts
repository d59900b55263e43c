/**
 * What each signed-in route becomes (DESIGN.md §5) and which piece of work brings its data.
 * Until then the page says so honestly instead of showing an empty screen.
 */
const ANALYTICS = 'the analytics release';
const DEVICES = 'the device data release';
const ADMIN = 'the administration release';

export interface Placeholder {
  purpose: string;
  comingWith: string;
  links?: { label: string; to: string }[];
}

const RELEASE_NOTES = { label: 'Read the release notes', to: '/release-notes' };
const ABOUT = { label: 'About and contacts', to: '/hc-about' };

export const PLACEHOLDERS: Record<string, Placeholder> = {
  'dashboard/analytics': {
    purpose: 'Fleet analytics: volumes, rejects, dose and compression across your sites.',
    comingWith: ANALYTICS,
  },
  'dashboard/default': {
    purpose: 'Your default dashboard with the widgets you chose.',
    comingWith: ANALYTICS,
  },
  'dashboard/ecommerce': {
    purpose: 'Utilisation: exam volumes and throughput per site and device.',
    comingWith: ANALYTICS,
  },
  'dashboard/project': {
    purpose: 'Onboarding and installation progress: completed, in progress and to do.',
    comingWith: DEVICES,
  },
  'dashboard/dimension': {
    purpose: 'Dimensions: compressed thickness, compression force and dose bands.',
    comingWith: ANALYTICS,
  },
  'dashboard/dashboard-dimension': {
    purpose: 'Dimensions: compressed thickness, compression force and dose bands.',
    comingWith: ANALYTICS,
  },
  widget: { purpose: 'The widget catalogue: every chart you can add to a dashboard.', comingWith: ANALYTICS },
  'device-details': {
    purpose: 'Devices: connection status, last file received and X-ray tube life.',
    comingWith: DEVICES,
  },
  'drill-dashboard': {
    purpose: 'The records behind a chart segment, ready to export.',
    comingWith: ANALYTICS,
  },
  'static-dashboard': { purpose: 'Template dashboards defined by the provider.', comingWith: ANALYTICS },
  'static-dashboard/view-test-dashboard': {
    purpose: 'A template dashboard as your users will see it.',
    comingWith: ANALYTICS,
  },
  'hc-dashboards': {
    purpose: 'Fleet overview: every site with its devices, volumes and status at a glance.',
    comingWith: ANALYTICS,
  },
  'hc-dashboards/SiteViewComponent': {
    purpose: "The site's devices, volumes, rejects and equipment status.",
    comingWith: ANALYTICS,
  },
  'hc-add-sites': { purpose: 'Add sites for your customers.', comingWith: ADMIN },
  'hc-dashboard1': { purpose: 'The built-in Utilisation dashboard.', comingWith: ANALYTICS },
  'hc-dashboard2': {
    purpose: 'The built-in Quality dashboard: rejects and repeats and their reasons.',
    comingWith: ANALYTICS,
  },
  'hc-dashboard3': {
    purpose: 'The built-in Equipment dashboard: connection and tube life.',
    comingWith: DEVICES,
  },
  'user/card': {
    purpose: 'Your contacts at the provider: sales and service.',
    comingWith: ADMIN,
    links: [ABOUT],
  },
  'email/inbox': {
    purpose: 'Messages and alerts: tube alerts, connection alerts and release notices.',
    comingWith: DEVICES,
    links: [RELEASE_NOTES],
  },
  'email/read': { purpose: 'A message or alert.', comingWith: DEVICES },
  'email/compose': { purpose: 'Write a message to your provider contacts.', comingWith: DEVICES },
  'user-management': {
    purpose: 'User management: people, their applications and the sites they see.',
    comingWith: ADMIN,
  },
  'sales-rep-dashboard': {
    purpose: 'Your customers and sites: onboarding, utilisation and devices needing attention.',
    comingWith: ADMIN,
    links: [{ label: 'Fleet overview', to: '/hc-dashboards' }, RELEASE_NOTES],
  },
  'customer-admin': { purpose: 'Customers: organisations, their sites and contacts.', comingWith: ADMIN },
  'user-admin': { purpose: 'Users: accounts, roles, sign-in history and access.', comingWith: ADMIN },
  'service-dashboard': {
    purpose:
      'Devices needing service: connection problems, failing uploads and tubes near their end of life.',
    comingWith: DEVICES,
    links: [{ label: 'Fleet overview', to: '/hc-dashboards' }, RELEASE_NOTES],
  },
};
