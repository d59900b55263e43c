import { Button, Group, Text } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api, lastSuccess } from '../../api/client';
import { lockSession } from '../../features/accounts/lock';
import { AppModal } from '../../ui/AppModal';
import { useAppConfig } from '../config';
import { LOCK_PATH, LOGIN_PATH } from '../paths';
import { idleCheck, shouldExtendQuietly, timingsFrom } from './idle';
import { onSignedOut, useLogout } from './logout';
import { isSignedIn } from './storage';
import { useCountdown } from './useCountdown';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown'] as const;

/**
 * Session idle (product §4, product §10.3): activity and successful responses are watched; a check
 * every few seconds opens 'Extend Session' at the warning time, and signs out at the limit.
 * Every timing comes from /api/appconfig, and every clock read is Date.now/setInterval, so a
 * test can drive it with a fake clock.
 */
export function IdleWatcher() {
  const config = useAppConfig();
  const timings = useMemo(() => timingsFrom(config), [config]);
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const onLogin = pathname === LOGIN_PATH || pathname === LOCK_PATH;
  const active = isSignedIn() && !onLogin;
  const logout = useLogout();
  const [opened, setOpened] = useState(false);
  const lastActivity = useRef(Date.now());
  const lastQuietExtend = useRef(0);
  const countdown = useCountdown(timings.countdownSeconds, () => {
    setOpened(false);
    if (window.location.pathname !== LOGIN_PATH) void logout();
  });
  const countingRef = useRef(countdown.running);
  countingRef.current = countdown.running;

  useEffect(() => {
    const mark = () => {
      lastActivity.current = Date.now();
    };
    for (const e of ACTIVITY_EVENTS) window.addEventListener(e, mark, { passive: true });
    return () => {
      for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, mark);
    };
  }, []);

  // Reaching the login route (or signing out) hides the modal and stops the countdown.
  const { reset } = countdown;
  useEffect(() => {
    if (!active) {
      setOpened(false);
      reset();
    }
  }, [active, reset]);
  useEffect(
    () =>
      onSignedOut(() => {
        setOpened(false);
        reset();
      }),
    [reset],
  );

  const { start } = countdown;
  useEffect(() => {
    if (!active) return;
    lastActivity.current = Date.now();
    const timer = setInterval(() => {
      const state = {
        now: Date.now(),
        lastActivity: lastActivity.current,
        lastResponse: lastSuccess(),
        counting: countingRef.current,
      };
      const decision = idleCheck(state, timings);
      if (decision === 'expire') {
        setOpened(false);
        void logout();
      } else if (decision === 'warn') {
        start();
        setOpened(true);
      } else if (
        shouldExtendQuietly(state, timings) &&
        state.now - lastQuietExtend.current >= timings.quietExtendMs
      ) {
        lastQuietExtend.current = state.now;
        void api.get('sessionExtend').catch(() => {});
      }
    }, timings.checkMs);
    return () => clearInterval(timer);
  }, [active, timings, logout, start]);

  const keepWorking = async () => {
    setOpened(false);
    try {
      const r = await api.get('sessionExtend');
      // Product §10.3: success false leaves the countdown running.
      if (r.success) reset();
    } catch {
      // The shared handler already acted (401 → sign-in, others → toast).
    }
  };

  const exit = () => {
    setOpened(false);
    reset();
    void logout();
  };

  // Lock instead of signing out (docs/accounts.md "Lock screen").
  const lock = async () => {
    setOpened(false);
    reset();
    try {
      await lockSession();
      navigate(LOCK_PATH, { replace: true, state: { from: pathname + search } });
    } catch {
      void logout();
    }
  };

  return (
    <AppModal
      opened={opened && active}
      onClose={() => setOpened(false)}
      title="Extend Session"
      backdropClose={false}
      size="md"
      modalProps={{ 'data-testid': 'extend-session' } as object}
    >
      <Text role="alert" mb="lg">
        Your session will expire in {countdown.remaining} seconds!
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={exit}>
          Exit
        </Button>
        <Button variant="default" onClick={lock}>
          Lock
        </Button>
        <Button onClick={keepWorking} data-autofocus>
          Keep Working
        </Button>
      </Group>
    </AppModal>
  );
}
