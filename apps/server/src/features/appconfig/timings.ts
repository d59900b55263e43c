import type { Config } from '../../platform/config';

/**
 * The idle-session timings the browser follows (product §4, §9): the 'Extend Session' modal opens
 * after `idleWarningMinutes` idle and counts down `countdownSeconds`, so that it reaches 0 when
 * the server's idle limit ends the session. Unset, the warning is the limit less the countdown
 * (15 min − 120 s = 13 min); for very short limits (tests) it is 80 % of the limit instead.
 */
export function sessionTimings(
  config: Pick<
    Config,
    'SESSION_IDLE_MINUTES' | 'IDLE_WARNING_MINUTES' | 'SESSION_COUNTDOWN_SECONDS' | 'ACTIVITY_CHECK_SECONDS'
  >,
) {
  const idle = config.SESSION_IDLE_MINUTES;
  const warning =
    config.IDLE_WARNING_MINUTES ?? Math.max(idle - config.SESSION_COUNTDOWN_SECONDS / 60, idle * 0.8);
  const left = Math.round((idle - warning) * 60);
  return {
    sessionIdleMinutes: idle,
    idleWarningMinutes: round(warning),
    countdownSeconds: Math.max(1, Math.min(config.SESSION_COUNTDOWN_SECONDS, left)),
    activityCheckSeconds: config.ACTIVITY_CHECK_SECONDS,
  };
}

const round = (n: number) => Math.round(n * 1000) / 1000;
