import type { AppConfig } from '@kestrel/contract';
import { createTheme, MantineProvider, mergeThemeOverrides, Popover } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { AppConfigContext } from '../app/config';
import { theme } from '../app/theme';
import { TOAST_FADE_MS, TOAST_LIMIT } from '../ui/toast';

export const testConfig: AppConfig = {
  productName: 'Kestrel',
  providerName: 'Acme Medical Imaging',
  providerSlug: 'acme',
  privacyPolicyUrl: 'https://www.example.com/privacy',
  ssoEnabled: false,
  ssoEmailFirst: false,
  ssoLogoutUrl: null,
  idleWarningMinutes: 13,
  sessionIdleMinutes: 15,
  countdownSeconds: 120,
  activityCheckSeconds: 4,
  rightClickDisabled: true,
  version: '0.1.0',
  build: 'test',
  supportEmail: 'support@example.com',
  supportPhone: null,
  mapTiles: null,
};

/**
 * The app's theme with popovers shown in jsdom: it lays nothing out, so every popover's target
 * looks detached (Mantine then hides the dropdown) and there is no animation to wait for.
 */
const testTheme = mergeThemeOverrides(
  theme,
  createTheme({
    components: {
      Popover: Popover.extend({ defaultProps: { hideDetached: false, transitionProps: { duration: 0 } } }),
    },
  }),
);

export function renderUi(ui: ReactNode, { route = '/', withNotifications = false } = {}) {
  return render(
    <MantineProvider theme={testTheme}>
      {withNotifications ? <Notifications limit={TOAST_LIMIT} transitionDuration={TOAST_FADE_MS} /> : null}
      <AppConfigContext.Provider value={testConfig}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </AppConfigContext.Provider>
    </MantineProvider>,
  );
}
