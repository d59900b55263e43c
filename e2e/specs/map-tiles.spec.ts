import { E2E_PASSWORD } from '../global-setup';
import { expect, expectAccessible, signIn, test } from '../support/fixtures';
import { type Portal, startPortal } from '../support/server';
import { startTileServer } from '../support/tile-server';

/**
 * The sites map with a tile service (docs/map.md "Tile service"): a portal of its own with
 * MAP_TILE_URL / MAP_API_KEY pointing at a tile server process on a loopback port. The browser
 * asks that server for tiles with the key, nothing else outside the portal, and the portal's
 * Content-Security-Policy admits exactly that host for images and connections.
 */
const SHOTS = '/tmp/shots/messages-gaps';
const KEY = 'e2e-tile-key-42';

test.describe('sites map with a tile service', () => {
  test.describe.configure({ timeout: 240_000 });
  let tiles: Awaited<ReturnType<typeof startTileServer>>;
  let portal: Portal;
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    tiles = await startTileServer();
    portal = await startPortal({
      DEMO_PASSWORD: E2E_PASSWORD,
      DEMO_DAYS: '1',
      DEMO_DEVICES: '30',
      MAP_TILE_URL: `${tiles.origin}/{z}/{x}/{y}.png?key={apiKey}`,
      MAP_API_KEY: KEY,
      MAP_ATTRIBUTION: 'Tiles © E2E Tile Co.',
    });
  });
  test.afterAll(async () => {
    await portal?.stop();
    await tiles?.close();
  });

  test('tiles come from the configured service with its key; the CSP allows only that host', async ({
    page,
  }) => {
    const elsewhere: string[] = [];
    page.on('request', (r) => {
      const url = r.url();
      if (!url.startsWith(portal.url) && !url.startsWith(tiles.origin) && !/^(data|blob):/.test(url))
        elsewhere.push(url);
    });
    page.on('pageerror', (e) => elsewhere.push(`page error: ${e.message}`));
    await signIn(page, 'admin', 1002, portal.url);
    const response = await page.goto(`${portal.url}/hc-dashboards`);

    // The policy names the tile host for images and connections, and no other outside host.
    const csp = response!.headers()['content-security-policy']!;
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .find(([n]) => n === name)!
        .slice(1);
    expect(directive('img-src')).toEqual(["'self'", 'data:', 'blob:', tiles.origin]);
    expect(directive('connect-src')).toEqual(["'self'", tiles.origin]);
    expect(csp.match(/https?:\/\/[^\s;]+/g)?.filter((h) => h !== tiles.origin) ?? []).toEqual([]);

    const map = page.getByTestId('sites-map');
    await expect(map.locator('.kestrel-map-marker').first()).toBeVisible({ timeout: 30_000 });
    // The tiles were asked for, each with the key, and drawn: no fallback to the bundled outlines.
    await expect.poll(() => tiles.requests.length, { timeout: 20_000 }).toBeGreaterThan(3);
    expect(tiles.requests.every((r) => r.key === KEY)).toBe(true);
    await expect(map.locator('img.leaflet-tile-loaded').first()).toBeVisible();
    await expect(map).not.toHaveAttribute('data-basemap', /^outlines/);
    await expect(map.getByText('Tiles © E2E Tile Co.')).toBeVisible();
    await map.scrollIntoViewIfNeeded();
    await map.screenshot({ path: `${SHOTS}/map-tiles-world.png` });
    // Zooming in asks for the next level's tiles.
    const before = Math.max(...tiles.requests.map((r) => r.z));
    await map.locator('[data-kind="cluster"]').first().click();
    await expect.poll(() => Math.max(...tiles.requests.map((r) => r.z))).toBeGreaterThan(before);

    await map.scrollIntoViewIfNeeded();
    await map.screenshot({ path: `${SHOTS}/map-tiles.png` });
    await expectAccessible(page, 'fleet overview with a tiled map');
    expect(elsewhere, 'requests to hosts other than the portal and the tile service').toEqual([]);
  });
});
