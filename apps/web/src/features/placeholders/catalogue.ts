/**
 * What each signed-in route becomes (product §2) and which piece of work brings its data.
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
  'hc-add-sites': { purpose: 'Add sites for your customers.', comingWith: ADMIN },
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
};
