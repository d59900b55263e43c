/**
 * Session idle rules (product §4, product §10.3), kept pure so that they are tested without a
 * browser. Idle time runs from the later of the last user activity and the last successful
 * HTTP response.
 */
export interface IdleTimings {
  warningMs: number;
  limitMs: number;
  countdownSeconds: number;
  checkMs: number;
  /** While the user is active the client extends the session at most this often. */
  quietExtendMs: number;
}

export function timingsFrom(config: {
  idleWarningMinutes: number;
  sessionIdleMinutes: number;
  countdownSeconds: number;
  activityCheckSeconds: number;
}): IdleTimings {
  return {
    warningMs: config.idleWarningMinutes * 60_000,
    limitMs: config.sessionIdleMinutes * 60_000,
    countdownSeconds: config.countdownSeconds,
    checkMs: config.activityCheckSeconds * 1000,
    quietExtendMs: 60_000,
  };
}

export interface IdleState {
  now: number;
  lastActivity: number;
  lastResponse: number;
  /** The 'Extend Session' countdown is running (modal shown or hidden with ×). */
  counting: boolean;
}

/**
 * What one check does: nothing; open the warning; or — when the limit has already passed,
 * e.g. after a laptop slept — sign out without the modal.
 */
export function idleCheck(s: IdleState, t: IdleTimings): 'none' | 'warn' | 'expire' {
  const idle = s.now - Math.max(s.lastActivity, s.lastResponse);
  if (idle >= t.limitMs) return 'expire';
  if (!s.counting && idle >= t.warningMs) return 'warn';
  return 'none';
}

/**
 * Product §10.3: a working user is never signed out — the client quietly extends the session when
 * there was activity since the last response and a minute has passed, but not while the
 * warning is counting down (then only 'Keep Working' extends).
 */
export function shouldExtendQuietly(s: IdleState, t: IdleTimings): boolean {
  return !s.counting && s.lastActivity > s.lastResponse && s.now - s.lastResponse >= t.quietExtendMs;
}
