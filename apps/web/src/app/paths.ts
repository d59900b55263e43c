/** Fixed routes of product §2. */
export const LOGIN_PATH = '/authentication/login/with-header-footer';
export const OFFLINE_PATH = '/maintenance/offline-ui';
export const NOT_FOUND_PATH = '/error/404';
export const LANDING_PATH = '/landing';
export const PROFILE_PATH = '/user/profile';
export const CHANGE_PASSWORD_PATH = '/change-password';
/** Product §10.2: unknown paths of a signed-in user land here. */
export const SIGNED_IN_FALLBACK = '/hc-dashboards';
/** The lock screen (docs/accounts.md "Lock screen"). */
export const LOCK_PATH = '/authentication/lock-screen';
