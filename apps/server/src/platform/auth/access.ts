import type { ApplicationId, Role } from '@kestrel/contract';

/**
 * Who may call a route, declared in the route's own definition as `config: { access }`
 * (docs/security.md). The guard decides from the route that matched — never from the URL text —
 * and a route that declares nothing cannot be registered.
 */
export type RouteAccess =
  /** Anyone: sign-in, health, the web app's files, public release notes. */
  | { kind: 'public' }
  /**
   * A live session. `roles`: only these roles (null: any signed-in user). `applications`: the
   * user must hold at least one of these applications (null: any).
   */
  | { kind: 'session'; roles: readonly Role[] | null; applications: readonly ApplicationId[] | null }
  /** A device with its own key in `x-device-key`; it acts only as itself. */
  | { kind: 'device' }
  /** A device key, or a session of one of these roles (STOW-RS: devices and service staff). */
  | { kind: 'deviceOrSession'; roles: readonly Role[] }
  /** Operations endpoints (metrics): the operations token in `Authorization: Bearer …`. */
  | { kind: 'operations' };

export const publicAccess: RouteAccess = { kind: 'public' };

/** A live session; optionally only some roles, or users holding some applications. */
export const sessionAccess = (
  opts: { roles?: readonly Role[]; applications?: readonly ApplicationId[] } = {},
): RouteAccess => ({ kind: 'session', roles: opts.roles ?? null, applications: opts.applications ?? null });

/** Any signed-in user: what they see is still scoped by every query. */
export const signedIn: RouteAccess = sessionAccess();

export const deviceAccess: RouteAccess = { kind: 'device' };

export const deviceOrSessionAccess = (roles: readonly Role[]): RouteAccess => ({
  kind: 'deviceOrSession',
  roles,
});

export const operationsAccess: RouteAccess = { kind: 'operations' };

/** Roles that may call the route with a session; null = any. Used by the access matrix test too. */
export function allowedRoles(access: RouteAccess): readonly Role[] | null | 'none' {
  switch (access.kind) {
    case 'session':
      return access.roles;
    case 'deviceOrSession':
      return access.roles;
    default:
      return 'none';
  }
}
