import type { Page } from '@playwright/test';
import { expect, signIn, snap, test } from '../support/fixtures';

interface Item {
  name: string;
  type: string;
  state: string;
  location_id?: number;
  children?: Item[];
}

async function menuOf(
  page: Page,
  token: string,
  applicationId: number,
): Promise<{ label: string; main: Item[] }[]> {
  const r = await page.request.get(`/api/side-menu?applicationId=${applicationId}`, {
    headers: { 'x-access-token': token },
  });
  const { result } = await r.json();
  return Array.isArray(result) ? result : result.menu;
}

const nav = (page: Page) => page.getByTestId('side-nav');

test.describe('left navigation (product §2, §4)', () => {
  test('1001: loader, then sections; site children go to state?site= and mark the site', async ({
    page,
  }, info) => {
    const { token } = await signIn(page, 'customerUser', 1001);
    const menu = await menuOf(page, token, 1001);
    const site = menu.find((s) => s.label === 'Sites')!.main[0]!;
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/api/side-menu*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/client-portal');
    await page.goto('/hc-dashboards');
    await expect(page.getByTestId('menu-loader')).toBeVisible();
    release();
    await expect(nav(page).getByRole('heading', { name: 'Sites' })).toBeVisible();
    await expect(page.getByTestId('menu-loader')).toHaveCount(0);

    const siteButton = nav(page).getByRole('button', { name: site.name });
    await siteButton.click();
    await expect(siteButton).toHaveAttribute('aria-expanded', 'true');
    const panel = nav(page).locator(`#${await siteButton.getAttribute('aria-controls')}`);
    await panel.getByRole('link', { name: 'Devices' }).click();
    await expect(page).toHaveURL(`/device-details?site=${site.location_id}`);
    await expect(page.getByTestId('page-title')).toHaveText(`${site.name} - Devices`);
    await expect(siteButton).toHaveAttribute('data-selected', 'true');
    expect(
      await page.evaluate(() => [localStorage.getItem('site'), localStorage.getItem('siteName')]),
    ).toEqual([String(site.location_id), site.name]);
    // External items open in a new tab.
    await expect(nav(page).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('target', '_blank');
    await snap(page, info, 'menu-site-selected');
  });

  test('1002: customer → site → child (three levels); the accordion follows the URL', async ({
    page,
  }, info) => {
    const { token } = await signIn(page, 'admin', 1002);
    const menu = await menuOf(page, token, 1002);
    const customers = menu.find((s) => s.label === 'Customers and sites')!.main;
    const [c1, c2] = [customers[0]!, customers[1]!];
    const s1 = c1.children![0]!;
    const s2 = c2.children![0]!;

    await page.goto(`/hc-user?site=${s1.location_id}`);
    const c1Button = nav(page).getByRole('button', { name: c1.name, exact: true });
    const s1Button = nav(page).getByRole('button', { name: s1.name, exact: true });
    await expect(c1Button).toHaveAttribute('aria-expanded', 'true');
    await expect(s1Button).toHaveAttribute('aria-expanded', 'true');
    await expect(s1Button).toHaveAttribute('data-depth', '1');
    await expect(nav(page).locator('[aria-current="page"]')).toHaveText('Technologists');
    await snap(page, info, 'menu-nested');

    // Going to another customer's site opens that one and closes the first.
    await page.goto(`/hc-dashboards/SiteViewComponent?site=${s2.location_id}`);
    await expect(nav(page).getByRole('button', { name: c2.name, exact: true })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(c1Button).toHaveAttribute('aria-expanded', 'false');
    await expect(nav(page).locator('[aria-current="page"]')).toHaveText('Site overview');

    // A group opens and closes on click.
    await c1Button.click();
    await expect(c1Button).toHaveAttribute('aria-expanded', 'true');
    await c1Button.click();
    await expect(c1Button).toHaveAttribute('aria-expanded', 'false');
  });

  test('no menu for application 1004 or on the profile page; none on the portal home pages', async ({
    page,
  }) => {
    await signIn(page, 'customerUser', 1004);
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/side-menu')) calls.push(r.url());
    });
    await page.goto('/hc-dashboards');
    await expect(page.getByRole('heading', { level: 1, name: 'Fleet overview' })).toBeVisible();
    await expect(page.getByTestId('navbar')).toHaveCount(0);
    await page.goto('/user/profile');
    await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
    // Title and breadcrumbs are hidden on the profile page.
    await expect(page.getByTestId('page-title')).toHaveCount(0);
    await page.goto('/client-portal');
    await expect(page.getByTestId('user-menu')).toHaveCount(0);
    expect(calls).toEqual([]);
  });

  test('mobile: the navigation slides in over 400 ms ease-in-out', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await signIn(page, 'service');
    await page.goto('/hc-about');
    const navbar = page.getByTestId('navbar');
    await expect(navbar).not.toBeInViewport();
    // Mantine pauses transitions while the window resizes; read them once it settled.
    const transition = () =>
      navbar.evaluate(
        (el) => `${getComputedStyle(el).transitionDuration} ${getComputedStyle(el).transitionTimingFunction}`,
      );
    await expect.poll(transition).toContain('0.4s');
    expect(await transition()).toContain('ease-in-out');
    await page.getByRole('button', { name: 'Show navigation' }).click();
    await expect(navbar).toBeInViewport();
    await navbar.getByRole('link', { name: 'Fleet overview' }).click();
    await expect(page).toHaveURL('/hc-dashboards');
    await expect(navbar).not.toBeInViewport();
  });
});
