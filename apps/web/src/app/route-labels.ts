import { signedInRoutes } from '@kestrel/contract/routes';

const ROUTES = signedInRoutes;

/** Breadcrumb label of a signed-in route pattern, if it is a page of its own. */
export const routeLabel = (path: string) => ROUTES.find((r) => r.path === path)?.label;

/** Labels of the public area (product §2), for the tab title. */
export const PUBLIC_LABELS = {
  login: 'Sign in',
  forgot: 'Forgot password',
  lockScreen: 'Session locked',
  registration: 'Registration',
  notFound: 'Page not found',
  landing: 'Welcome',
  offline: 'Offline',
  changePassword: 'Change password',
  releaseNotes: 'Release notes',
  setPassword: 'Set password',
} as const;
