import type { AppConfig } from '@kestrel/contract';
import { routePath, signedInRoutes } from '@kestrel/contract/routes';
import { Navigate, type RouteObject } from 'react-router';
import { AccountGate } from '../features/accounts/AccountGate';
import OfflinePage from '../features/errors/OfflinePage';
import { RouteError } from '../features/errors/RouteError';
import { SpinnerOverlay } from '../ui/spinner/SpinnerOverlay';
import { AdminLayout } from './layouts/AdminLayout';
import { AuthLayout } from './layouts/AuthLayout';
import { RootLayout } from './layouts/RootLayout';
import { LOGIN_PATH, NOT_FOUND_PATH, SIGNED_IN_FALLBACK } from './paths';
import type { RouteHandle } from './route-handle';
import { PUBLIC_LABELS } from './route-labels';
import { isSignedIn } from './session/storage';

type Lazy = RouteObject['lazy'];
// Each page is its own chunk: the first page loads only what it shows.
const page = (load: () => Promise<{ default: React.ComponentType }>): Lazy =>
  (async () => ({ Component: (await load()).default })) as Lazy;

const builtIn = page(() => import('../features/dashboards/BuiltInDashboardPage'));

/** The page behind each signed-in route of packages/contract's `signedInRoutes`: every one has one (`pageFor`). */
const SIGNED_IN_PAGES: Record<string, Lazy> = {
  'hc-about': page(() => import('../features/about/AboutPage')),
  'user/profile': page(() => import('../features/account/ProfilePage')),
  'maintenance/error': page(() => import('../features/errors/MaintenanceErrorPage')),
  'maintenance/coming-soon': page(() => import('../features/errors/ComingSoonPage')),
  'client-portal': page(() => import('../features/portal/PortalHomePage')),
  '{provider}-portal': page(() => import('../features/portal/PortalHomePage')),
  'dashboard/common': page(() => import('../features/dashboards/SavedDashboardPage')),
  'dashboard/common1': page(() => import('../features/dashboards/SavedDashboardPage')),
  'dashboard/common2': page(() => import('../features/dashboards/SavedDashboardPage')),
  'hc-user': page(() => import('../features/technologists/TechnologistsPage')),
  'hc-alias': page(() => import('../features/sites/AliasesPage')),
  enterprise: page(() => import('../features/enterprise/EnterprisePage')),
  'study-analytics': page(() => import('../features/explorer/StudyAnalyticsPage')),
  'hc-dashboards': page(() => import('../features/fleet/FleetOverviewPage')),
  'hc-dashboards/SiteViewComponent': page(() => import('../features/fleet/SiteViewPage')),
  'device-details': page(() => import('../features/devices/DevicesPage')),
  'dashboard/project': page(() => import('../features/onboarding/OnboardingPage')),
  'service-dashboard': page(() => import('../features/service/ServiceDashboardPage')),
  'customer-admin': page(() => import('../features/customer-admin/CustomerAdminPage')),
  'user-admin': page(() => import('../features/user-admin/UserAdminPage')),
  'user-management': page(() => import('../features/user-admin/UserAdminPage')),
  'sales-rep-dashboard': page(() => import('../features/sales-rep/SalesRepDashboardPage')),
  'hc-add-sites': page(() => import('../features/add-sites/AddSitesPage')),
  'user/card': page(() => import('../features/contacts/ContactsPage')),
  'email/inbox': page(() => import('../features/messages/InboxPage')),
  'email/read': page(() => import('../features/messages/ReadPage')),
  'email/compose': page(() => import('../features/messages/ComposePage')),
  'admin/audit': page(() => import('../features/audit/AuditPage')),
  'admin/outbox': page(() => import('../features/outbox/OutboxPage')),
  reports: page(() => import('../features/reports/ReportsPage')),
  'reports/tubes': page(() => import('../features/reports/TubeReportPage')),
  'reports/logins': page(() => import('../features/reports/LoginDetailsPage')),
  'reports/device-status': page(() => import('../features/reports/DeviceStatusReportPage')),
  'reports/onboarded-customers': page(() => import('../features/reports/OnboardedCustomersPage')),
  'reports/failed-files': page(() => import('../features/reports/FailedFilesPage')),
  'identity-providers': page(() => import('../features/identity-providers/IdentityProvidersPage')),
  'admin/eula': page(() => import('../features/eula-admin/EulaAdminPage')),
  releases: page(() => import('../features/releases/ReleasesPage')),
  deployPackage: page(() => import('../features/releases/DeployPage')),
  rollouts: page(() => import('../features/releases/RolloutsPage')),
  'release-approvals': page(() => import('../features/releases/ApprovalsPage')),
  'hc-dashboard1': builtIn,
  'hc-dashboard2': builtIn,
  'hc-dashboard3': builtIn,
  'dashboard/analytics': builtIn,
  'dashboard/default': builtIn,
  'dashboard/ecommerce': builtIn,
  'dashboard/dimension': builtIn,
  'dashboard/dashboard-dimension': builtIn,
  widget: page(() => import('../features/widgets-gallery/WidgetGalleryPage')),
  'drill-dashboard': page(() => import('../features/dashboards/drill/DrillDashboardPage')),
  'static-dashboard': page(() => import('../features/dashboards/templates/TemplatesPage')),
  'static-dashboard/view-test-dashboard': page(
    () => import('../features/dashboards/templates/TemplateViewPage'),
  ),
};
/** A signed-in route without a page is a mistake of this file: the route table refuses it. */
function pageFor(path: string): Lazy {
  const p = SIGNED_IN_PAGES[path];
  if (!p) throw new Error(`The signed-in route '${path}' has no page in apps/web/src/app/routes.tsx.`);
  return p;
}

const KIND: Record<string, RouteHandle['kind']> = {
  'user/profile': 'profile',
  'client-portal': 'portal',
  '{provider}-portal': 'portal',
};

/** Product §10.2: unknown paths → /hc-dashboards when signed in, /error/404 otherwise. */
function Fallback() {
  return <Navigate to={isSignedIn() ? SIGNED_IN_FALLBACK : NOT_FOUND_PATH} replace />;
}

const pub = (label: string): RouteHandle => ({ label, path: '' });

/**
 * The pages of a layout, under one error boundary of their own: a page whose code cannot be
 * loaded (or that fails) shows its error inside the layout's outlet, so the shell stays
 * (product §8). The boundary sits on a pathless parent rather than on each lazy page: React
 * Router draws nothing below a route whose `lazy` never resolved, so a boundary on that very
 * route would leave the page blank.
 */
const pagesOf = (children: RouteObject[]): RouteObject[] => [{ errorElement: <RouteError />, children }];

/** While the first page's code loads, before anything can render (React Router's hydrate fallback). */
function FirstLoad() {
  return <SpinnerOverlay label="Loading…" />;
}

/** The route table of product §2. `{provider}` comes from the server's configuration. */
export function createRoutes(config: Pick<AppConfig, 'providerSlug'>): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      HydrateFallback: FirstLoad,
      children: [
        { path: '/', element: <Navigate to={LOGIN_PATH} replace /> },
        {
          element: <AuthLayout />,
          children: pagesOf([
            {
              path: 'authentication',
              children: [
                { index: true, element: <Navigate to={LOGIN_PATH} replace /> },
                { path: 'login', element: <Navigate to={LOGIN_PATH} replace /> },
                {
                  path: 'login/with-header-footer',
                  handle: pub(PUBLIC_LABELS.login),
                  lazy: page(() => import('../features/auth/LoginPage')),
                },
                {
                  path: 'forgot',
                  handle: pub(PUBLIC_LABELS.forgot),
                  lazy: page(() => import('../features/auth/ForgotPage')),
                },
                {
                  path: 'lock-screen',
                  handle: pub(PUBLIC_LABELS.lockScreen),
                  lazy: page(() => import('../features/auth/LockScreenPage')),
                },
                {
                  path: 'registration',
                  handle: pub(PUBLIC_LABELS.registration),
                  lazy: page(() => import('../features/auth/RegistrationPage')),
                },
              ],
            },
            {
              path: 'error',
              children: [
                { index: true, element: <Navigate to={NOT_FOUND_PATH} replace /> },
                {
                  path: '404',
                  handle: pub(PUBLIC_LABELS.notFound),
                  lazy: page(() => import('../features/errors/NotFoundPage')),
                },
              ],
            },
            {
              path: 'landing',
              handle: pub(PUBLIC_LABELS.landing),
              lazy: page(() => import('../features/landing/LandingPage')),
            },
            {
              path: 'maintenance/offline-ui',
              handle: pub(PUBLIC_LABELS.offline),
              // In the main bundle: it is shown when the browser is offline and cannot fetch a chunk.
              Component: OfflinePage,
            },
            {
              path: 'change-password',
              handle: pub(PUBLIC_LABELS.changePassword),
              lazy: page(() => import('../features/account/ChangePasswordPage')),
            },
            {
              // Password links from mails (invitation, reset): docs/accounts.md.
              path: 'set-password',
              handle: pub(PUBLIC_LABELS.setPassword),
              lazy: page(() => import('../features/accounts/SetPasswordPage')),
            },
            {
              path: 'release-notes',
              handle: pub(PUBLIC_LABELS.releaseNotes),
              lazy: page(() => import('../features/releases/ReleaseNotesPage')),
            },
          ]),
        },
        {
          // The licence agreement comes before anything else of the signed-in area.
          element: (
            <AccountGate>
              <AdminLayout />
            </AccountGate>
          ),
          children: pagesOf(
            signedInRoutes.map((r) => ({
              path: routePath(r, config.providerSlug),
              handle: {
                label: r.label,
                path: r.path,
                roles: r.roles,
                kind: KIND[r.path],
              } satisfies RouteHandle,
              lazy: pageFor(r.path),
            })),
          ),
        },
        { path: '*', element: <Fallback /> },
      ],
    },
  ];
}
