import { type PortalRoute, signedInRoutes } from '../routes';

/**
 * The built-in dashboards (product §2): each a set of catalogue widgets in reading order, keyed by
 * the page path that shows it, whose label (routes.ts) is the dashboard's title. `wide` widgets
 * take a whole row (time series, heat maps, tables).
 * Shared by the web pages and the server's dashboard PDF (docs/reports.md "Dashboards").
 */
export interface BuiltInDashboard {
  intro: string;
  widgets: number[];
  wide?: number[];
}

const UTILISATION: BuiltInDashboard = {
  intro: 'How much your sites, devices and technologists do, and when.',
  widgets: [9049, 9099, 9069, 9050, 9119, 9051, 9156, 9089, 9160, 9134],
  wide: [9069, 9160, 9134],
};

const DIMENSIONS: BuiltInDashboard = {
  intro: 'Compressed thickness, compression force and pressure, tube voltage and dose.',
  widgets: [9053, 9068, 9060, 9061, 9115, 9063, 9120, 9124, 9129, 9134],
  wide: [9129, 9134],
};

export const builtInDashboardIds = [
  'hc-dashboard1',
  'hc-dashboard2',
  'hc-dashboard3',
  'dashboard/analytics',
  'dashboard/default',
  'dashboard/ecommerce',
  'dashboard/dimension',
  'dashboard/dashboard-dimension',
] as const;
export type BuiltInDashboardId = (typeof builtInDashboardIds)[number];

export const BUILT_IN: Record<BuiltInDashboardId, BuiltInDashboard> = {
  'hc-dashboard1': UTILISATION,
  'hc-dashboard2': {
    intro: 'Rejected images and why: by reason, view, site and technologist, and over time.',
    widgets: [9057, 9035, 9092, 9052, 9059, 9036, 9070, 9146, 9138, 9177],
    wide: [9059, 9177],
  },
  'hc-dashboard3': {
    intro: 'Connection of your devices, X-ray tube life, last objects received and failed files.',
    widgets: [9202, 9104, 9201, 9109, 9204, 9063, 9203],
    wide: [9204, 9203],
  },
  'dashboard/analytics': {
    intro: 'Volumes, rejects, dose and compression across your sites.',
    widgets: [9049, 9092, 9093, 9094, 9057, 9119, 9035, 9129, 9053, 9120],
    wide: [9035, 9129],
  },
  'dashboard/default': {
    intro: 'The essentials at a glance. Build your own dashboard from the widget catalogue.',
    widgets: [9049, 9057, 9035, 9119, 9051, 9202],
    wide: [9035],
  },
  'dashboard/ecommerce': {
    ...UTILISATION,
    widgets: [9049, 9099, 9069, 9050, 9119, 9156, 9134],
    wide: [9069, 9134],
  },
  'dashboard/dimension': DIMENSIONS,
  'dashboard/dashboard-dimension': DIMENSIONS,
};

/** The page of a built-in dashboard: its label is the dashboard's title; `roles`, who is offered it. */
export const builtInDashboardPage = (id: BuiltInDashboardId): PortalRoute =>
  signedInRoutes.find((r) => r.path === id) ?? { path: id, label: id };
