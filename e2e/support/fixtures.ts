import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page, type TestInfo } from '@playwright/test';
import { E2E_PASSWORD } from '../global-setup';

export const LOGIN = '/authentication/login/with-header-footer';

export const USERS = {
  admin: { email: 'admin@demo.kestrel', name: 'Alex Morgan', role: 'provider_admin', home: '/acme-portal' },
  service: { email: 'service@demo.kestrel', name: 'Sam Okafor', role: 'service', home: '/service-dashboard' },
  sales: { email: 'sales@demo.kestrel', name: 'Riley Chen', role: 'sales', home: '/sales-rep-dashboard' },
  customerAdmin: {
    email: 'customer-admin@demo.kestrel',
    name: 'Jordan Blake',
    role: 'customer_admin',
    home: '/client-portal',
  },
  customerUser: {
    email: 'customer-user@demo.kestrel',
    name: 'Casey Rivera',
    role: 'customer_user',
    home: '/client-portal',
  },
} as const;
export type DemoUser = keyof typeof USERS;

/**
 * Signs in through the API and puts the session where the app keeps it (product §5 keys), so
 * that specs about other areas do not pay for the sign-in form each time. `base`: a portal of the
 * spec's own (support/server.ts) instead of the shared one.
 */
export async function signIn(page: Page, who: DemoUser, applicationId?: number, base = '') {
  const r = await page.request.post(`${base}/api/login`, {
    data: { email: USERS[who].email, password: E2E_PASSWORD },
  });
  expect(r.ok()).toBe(true);
  const { result } = await r.json();
  const app = applicationId ?? result.applications[0].id;
  await page.addInitScript(
    ([res, appId]) => {
      // Only the first load of the page: later loads must see what the app did (e.g. logout).
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      localStorage.setItem('currentUser', res.token);
      localStorage.setItem('user', res.user);
      localStorage.setItem('role', res.role);
      localStorage.setItem('userType', res.userType);
      localStorage.setItem('logged', 'in');
      localStorage.setItem('applications', JSON.stringify(res.applications));
      sessionStorage.setItem('applicationId', String(appId));
    },
    [result, app] as const,
  );
  return result as { token: string; applications: { id: number }[] };
}

/** No serious or critical accessibility violation on the page as it is now. */
export async function expectAccessible(page: Page, what: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `accessibility of ${what}`,
  ).toEqual([]);
}

export async function snap(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });
}

export const test = base;
export { expect };
