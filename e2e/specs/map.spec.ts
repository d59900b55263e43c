import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from '../support/fixtures';

const SHOTS = '/tmp/shots/sites-map';

interface MapSite {
  id: number;
  name: string;
  latitude: number | null;
}

/**
 * No network beyond the portal: every request to another origin fails (and is recorded), so the
 * map must draw from what the portal itself serves (docs/map.md "Offline").
 */
async function offline(page: Page) {
  const base = new URL(test.info().project.use.baseURL ?? process.env.KESTREL_E2E_URL!).origin;
  const outside: string[] = [];
  // Uncaught errors count as requests gone wrong: the spec expects none of either.
  page.on('pageerror', (e) => outside.push(`page error: ${e.message}`));
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(base) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    outside.push(url);
    return route.abort('internetdisconnected');
  });
  return outside;
}

const map = (page: Page) => page.getByTestId('sites-map');
const markers = (page: Page) => map(page).locator('.kestrel-map-marker');

/**
 * The land is drawn: the bundled countries are on the map, and its canvas holds land-coloured
 * pixels (#f4f1ea) as well as sea (the map's background shows through elsewhere).
 */
async function landDrawn(page: Page) {
  const basemap = await map(page).getAttribute('data-basemap');
  const countries = Number(basemap?.split(':')[1] ?? 0);
  const landPixels = await map(page)
    .locator('canvas')
    .first()
    .evaluate((c: HTMLCanvasElement) => {
      const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i] === 0xf4 && d[i + 1] === 0xf1 && d[i + 2] === 0xea) n++;
      return n / (d.length / 4);
    });
  return countries > 100 && landPixels > 0.05;
}

/** Sites the markers stand for: one per site marker, the count of each cluster. */
async function sitesOnMap(page: Page) {
  return markers(page).evaluateAll((els) =>
    els.reduce(
      (n, e) =>
        n + ((e as HTMLElement).dataset.kind === 'cluster' ? Number((e as HTMLElement).dataset.count) : 1),
      0,
    ),
  );
}

test.describe('sites map', () => {
  test('offline, every demo site is on the provider’s map; Enter or a click on a site opens its site view', async ({
    page,
  }) => {
    const outside = await offline(page);
    const admin = await signIn(page, 'admin', 1002);
    const all = (
      await (await page.request.get('/api/sitesMap', { headers: { 'x-access-token': admin.token } })).json()
    ).result.sites as MapSite[];
    // Other specs may add sites without a place; the demo's all have one.
    const located = all.filter((s) => s.latitude !== null);
    expect(located.length).toBeGreaterThan(5);

    await page.goto('/hc-dashboards');
    await expect(page.getByRole('heading', { name: 'Sites map' })).toBeVisible();
    await expect(markers(page).first()).toBeVisible({ timeout: 20_000 });
    // The land: the bundled Natural Earth countries drawn as vector paths.
    await expect.poll(() => landDrawn(page), { timeout: 20_000 }).toBe(true);
    // Every site is on the map once, alone or inside a cluster; clusters show their worst colour.
    await expect.poll(() => sitesOnMap(page)).toBe(located.length);
    // Each marker is coloured by a status: the demo fleet has RED and GREEN sites at least.
    const statuses = await markers(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
    for (const st of statuses) expect(['GREEN', 'YELLOW', 'RED', 'grey']).toContain(st);
    // Those without a place are listed beside the map instead.
    if (located.length < all.length) {
      await expect(page.getByTestId('sites-without-location')).toContainText(
        String(all.length - located.length),
      );
    } else {
      await expect(page.getByTestId('sites-without-location')).toHaveCount(0);
    }
    await map(page).scrollIntoViewIfNeeded();
    await map(page).screenshot({ path: `${SHOTS}/fleet-overview-map.png` });
    await page.screenshot({ path: `${SHOTS}/fleet-overview.png`, fullPage: true });
    await expectAccessible(page, 'fleet overview with the sites map');

    // Zooming into clusters (a click on each) until single sites show, still every site once.
    for (let i = 0; i < 8 && (await map(page).locator('[data-kind="site"]').count()) === 0; i++) {
      await map(page).locator('[data-kind="cluster"]').first().click();
      await page.waitForTimeout(400);
    }
    const site = map(page).locator('[data-kind="site"]').first();
    await expect(site).toBeVisible();
    await map(page).screenshot({ path: `${SHOTS}/zoomed-in.png` });

    // Keyboard: Tab reaches a site marker, Enter opens its site view.
    const id = await site.getAttribute('data-site-id');
    const name = all.find((s) => String(s.id) === id)!.name;
    await site.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/hc-dashboards/SiteViewComponent\\?site=${id}$`));
    await expect(page.getByTestId('page-title')).toHaveText(`${name} - Site overview`);

    // A mouse click does the same.
    await page.goBack();
    await expect(markers(page).first()).toBeVisible({ timeout: 20_000 });
    for (let i = 0; i < 8 && (await map(page).locator('[data-kind="site"]').count()) === 0; i++) {
      await map(page).locator('[data-kind="cluster"]').first().click();
      await page.waitForTimeout(400);
    }
    // Every marker is drawn (panning is free), so pick one inside the map's visible box.
    const otherId = await map(page).evaluate((box) => {
      const r = box.getBoundingClientRect();
      const inside = Array.from(box.querySelectorAll<HTMLElement>('[data-kind="site"]')).find((e) => {
        const m = e.getBoundingClientRect();
        return m.left >= r.left && m.right <= r.right && m.top >= r.top && m.bottom <= r.bottom;
      });
      return inside?.dataset.siteId ?? null;
    });
    expect(otherId).not.toBeNull();
    const other = map(page).locator(`[data-site-id="${otherId}"]`);
    await other.click();
    await expect(page).toHaveURL(new RegExp(`site=${otherId}$`));
    expect(outside, 'requests that left the portal, and page errors').toEqual([]);
  });

  test('the customer’s home shows only their sites; the sales home shows the rep’s', async ({
    page,
    browser,
  }) => {
    const outside = await offline(page);
    const user = await signIn(page, 'customerUser');
    const mine = (
      await (await page.request.get('/api/sitesMap', { headers: { 'x-access-token': user.token } })).json()
    ).result.sites as MapSite[];
    expect(mine.length).toBe(2);
    await page.goto('/client-portal');
    await expect(markers(page).first()).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => sitesOnMap(page)).toBe(2);
    await expect.poll(() => landDrawn(page), { timeout: 20_000 }).toBe(true);
    await page.screenshot({ path: `${SHOTS}/customer-home.png`, fullPage: true });
    await expectAccessible(page, 'customer home with the sites map');
    expect(outside).toEqual([]);

    const salesPage = await (
      await browser.newContext({ baseURL: test.info().project.use.baseURL })
    ).newPage();
    const sales = await signIn(salesPage, 'sales');
    const theirs = (
      await (
        await salesPage.request.get('/api/sitesMap', { headers: { 'x-access-token': sales.token } })
      ).json()
    ).result.sites as MapSite[];
    await salesPage.goto('/sales-rep-dashboard');
    await expect(markers(salesPage).first()).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => sitesOnMap(salesPage)).toBe(theirs.filter((s) => s.latitude !== null).length);
    await salesPage.screenshot({ path: `${SHOTS}/sales-home.png`, fullPage: true });
    await salesPage.context().close();
  });
});
