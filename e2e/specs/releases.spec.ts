import { createHash } from 'node:crypto';
import path from 'node:path';
import { runDeviceUpdaters } from '@kestrel/fleet-sim/send';
import type { Page, TestInfo } from '@playwright/test';
import { E2E_PASSWORD } from '../global-setup';
import { expect, expectAccessible, signIn, snap, test, USERS } from '../support/fixtures';

/**
 * Releases and deployment in the browser (docs/releases.md): the provider admin registers a
 * version, uploads its package and releases it; the public notes show it; the admin rolls it out
 * to two sites of a customer that requires approval, in two waves (one site first); the customer
 * admin approves both sites from the task on their home page; the devices (played here with
 * their own keys over the device routes) download with range requests and report, one of them
 * failing with a reason; the progress page reaches 100 % and names the failed device's reason.
 */
const run = Date.now();
const VERSION = `9.${Math.floor(run / 1000) % 1_000_000}.0`;
const TITLE = `Journey release ${VERSION}`;
/** Every demo customer is of Northwind or elsewhere; this one has a customer admin in the demo. */
const CUSTOMER = 'Northwind General Hospital';
const PACKAGE = Buffer.from(Array.from({ length: 96 * 1024 }, (_, i) => (i * 7 + 3) & 0xff));

/** Screenshots also go to SHOTS_DIR when set (for looking at the pages by hand). */
async function shot(page: Page, info: TestInfo, name: string) {
  await snap(page, info, name);
  if (process.env.SHOTS_DIR)
    await page.screenshot({ path: path.join(process.env.SHOTS_DIR, `${name}.png`), fullPage: true });
}

async function choose(page: Page, label: string, option: string | RegExp) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await page.getByRole('option', { name: option }).first().click();
  await page.keyboard.press('Escape');
}

test('release → rollout to two sites in waves → customer approval → devices update, one fails', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(300_000);
  const admin = await signIn(page, 'admin');
  const headers = { 'x-access-token': admin.token };

  // The customer and its two sites with the most devices that can take any release from 4.0.0.
  const data = (await (await page.request.get('/api/ha/loadReleaseData', { headers })).json()).result;
  const customer = data.customers.find((c: { name: string }) => c.name === CUSTOMER);
  expect(customer, CUSTOMER).toBeTruthy();
  let releaseId = 0;
  await test.step('the provider admin registers the release, uploads its package and releases it', async () => {
    await page.goto('/releases');
    await expect(page.getByTestId('release-table')).toContainText('6.3.0');
    // The customer approves updates first (its setting under the release list).
    const row = page.getByTestId('update-settings').getByRole('row', { name: new RegExp(CUSTOMER) });
    const approves = row.getByRole('switch', { name: 'Approves updates first' });
    // The switch shows the saved setting: it turns once the server has answered.
    await approves.click();
    await expect(page.getByText(`${CUSTOMER} now approves updates first.`)).toBeVisible();
    await expect(approves).toBeChecked();
    await shot(page, info, 'releases-list');
    await page.getByRole('button', { name: 'Register a release' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Version/ }).fill(VERSION);
    await dialog.getByRole('textbox', { name: /^Upgrades from version/ }).fill('4.0.0');
    await dialog.getByRole('textbox', { name: /^Title/ }).fill(TITLE);
    for (const t of ['2D', '3D', 'COMBO', 'CEDM']) await dialog.getByRole('checkbox', { name: t }).check();
    await dialog
      .getByRole('textbox', { name: 'Release notes in Markdown' })
      .fill('### New\n\n- Journey feature **in bold**\n\n### Fixed\n\n- A journey fix');
    await dialog.getByRole('tab', { name: 'Preview' }).click();
    await expect(dialog.getByTestId('notes-preview').locator('strong')).toHaveText('in bold');
    await shot(page, info, 'release-register');
    await dialog.getByRole('button', { name: 'Register as draft' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: new RegExp(VERSION) })).toBeVisible();
    releaseId = Number(new URL(page.url()).searchParams.get('release'));

    await page.locator('input[type=file]').setInputFiles({
      name: `journey-${VERSION}.pkg`,
      mimeType: 'application/octet-stream',
      buffer: PACKAGE,
    });
    await page.getByRole('button', { name: 'Upload' }).click();
    const sha = createHash('sha256').update(PACKAGE).digest('hex');
    await expect(page.getByTestId('package-facts')).toContainText(sha);
    await expect(page.getByTestId('package-facts')).toContainText('96 KB');
    await page.getByRole('button', { name: 'Release', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Release', exact: true }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('link', { name: 'Deploy to devices' })).toBeVisible();
    await expect(page.getByText('Released', { exact: true }).first()).toBeVisible();
    await shot(page, info, 'release-details');
    await expectAccessible(page, 'the release page');
  });

  await test.step('the public release notes show it, and no draft', async () => {
    const pub = await (await browser.newContext()).newPage();
    await pub.goto('/release-notes');
    const article = pub.getByRole('article').filter({ hasText: TITLE });
    await expect(article.locator('strong')).toHaveText('in bold');
    await expect(pub.getByText('Aurora 6.4 (draft)')).toHaveCount(0);
    await pub.context().close();
  });

  // Which sites: the two of the customer with the most devices the release fits.
  const preview = await page.request.post('/api/ha/deployPackage/preview', {
    headers,
    data: { releaseId, targets: { customerIds: [customer.id] }, waves: {} },
  });
  expect(preview.ok(), await preview.text()).toBe(true);
  type Site = { id: number; name: string; serials: string[]; ids: number[] };
  const bySite = new Map<number, Site>();
  for (const d of (await preview.json()).result.devices) {
    const s: Site = bySite.get(d.siteId) ?? { id: d.siteId, name: d.siteName, serials: [], ids: [] };
    s.serials.push(d.serial);
    s.ids.push(d.deviceId);
    bySite.set(d.siteId, s);
  }
  const [siteA, siteB] = [...bySite.values()].sort((a, b) => b.ids.length - a.ids.length);
  expect(siteB, 'two sites with devices').toBeTruthy();

  // The second site gets a maintenance window around its own current hour (open now), which the
  // wizard shows on the site's clock.
  const zone = data.sites.find((s: { id: number }) => s.id === siteB!.id).timeZone as string;
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(
      new Date(),
    ),
  );
  const hh = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:00`;
  const window = { days: [0, 1, 2, 3, 4, 5, 6], start: hh(hour - 1), end: hh(hour + 2) };
  const set = await page.request.put(`/api/ha/sites/${siteB!.id}/maintenanceWindow`, {
    headers,
    data: window,
  });
  expect(set.ok(), await set.text()).toBe(true);

  let rolloutUrl = '';
  await test.step('the admin deploys to the two sites, the first site as the first wave', async () => {
    await page.getByRole('link', { name: 'Deploy to devices' }).click();
    await expect(page).toHaveURL(`/deployPackage?release=${releaseId}`);
    await choose(page, 'Customers', new RegExp(`^${CUSTOMER}`));
    await choose(page, 'Sites', siteA!.name);
    await choose(page, 'Sites', siteB!.name);
    await page.getByText('Chosen sites first').click();
    await choose(page, 'Sites of the first wave', siteA!.name);
    // The journey's one failure must not halt the rollout; the halt rule has its API tests.
    await page.getByRole('textbox', { name: "Halt when a wave's failures pass (%)" }).fill('100');
    const total = siteA!.ids.length + siteB!.ids.length;
    await expect(page.getByTestId('preview-counts')).toContainText(
      `${total} devices would be updatedWave 1: ${siteA!.ids.length}Wave 2: ${siteB!.ids.length}`,
    );
    await expect(page.getByTestId('preview-sites')).toContainText('Customer approves first');
    await expect(page.getByTestId('preview-sites')).toContainText(`Every day ${window.start}–${window.end}`);
    await shot(page, info, 'deploy-wizard');
    await expectAccessible(page, 'the deploy wizard');
    await page.getByRole('button', { name: 'Start the rollout' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Start the rollout' }).click();
    await expect(page).toHaveURL(/\/rollouts\?rollout=\d+/);
    rolloutUrl = new URL(page.url()).pathname + new URL(page.url()).search;
    await expect(page.getByTestId('rollout-sites')).toContainText('Waiting for approval');
    await shot(page, info, 'rollout-waiting');
  });

  await test.step('the customer admin approves both sites from the task on their home page', async () => {
    const context = await browser.newContext();
    const ca = await context.newPage();
    await signIn(ca, 'customerAdmin');
    await ca.goto('/client-portal');
    const task = ca.getByTestId('approvals-task');
    await expect(task).toContainText(`version ${VERSION}`);
    await shot(ca, info, 'customer-home-task');
    await task.getByRole('link', { name: 'Review updates' }).click();
    await expect(ca).toHaveURL('/release-approvals');
    for (const site of [siteA!, siteB!]) {
      const card = ca.getByRole('article').filter({ hasText: `${VERSION} for ${site.name}` });
      if (site === siteA) await shot(ca, info, 'approvals');
      await card.getByRole('button', { name: 'Approve' }).click();
      await ca.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
      await expect(ca.getByRole('dialog')).toBeHidden();
      await expect(card).toHaveCount(0);
    }
    await expectAccessible(ca, 'the approvals page');
    await context.close();
  });

  await test.step('the devices update in two waves; one fails with its reason; the bars reach 100 %', async () => {
    const sim = (serials: string[], failureRate: number) =>
      runDeviceUpdaters({
        http: new URL(page.url()).origin,
        email: USERS.admin.email,
        password: E2E_PASSWORD,
        serials,
        failureRate,
        downloadKbps: 256,
        chunkBytes: 32 * 1024,
        pollSeconds: 1,
        seconds: 120,
      });
    // One device of the first wave fails; every other device updates (the rollout's waves decide
    // when each is offered its package).
    const [failing, ...rest] = [...siteA!.serials, ...siteB!.serials];
    const running = Promise.all([sim([failing!], 1), sim(rest, 0)]);
    await expect(page.getByTestId('wave-1').getByRole('img')).toHaveAccessibleName(
      /^Wave 1: 100 % finished/,
      {
        timeout: 60_000,
      },
    );
    await shot(page, info, 'rollout-wave-one-done');
    const [failed, updated] = await running;
    expect(failed.failed.map((f) => f.serial)).toEqual([failing]);
    expect(updated.updated.sort()).toEqual([...rest].sort());
    const all = page.getByRole('img', { name: /^All devices:/ });
    await expect(all).toHaveAccessibleName(/^All devices: 100 % finished/, { timeout: 15_000 });
    await expect(page.getByTestId('wave-1').getByRole('img')).toHaveAccessibleName(/^Wave 1: 100 % finished/);
    await expect(page.getByTestId('wave-2').getByRole('img')).toHaveAccessibleName(/^Wave 2: 100 % finished/);
    await expect(page.getByTestId('failed-devices')).toContainText(`${failing} at ${siteA!.name}:`);
    await expect(page.getByTestId('failed-devices')).toContainText(failed.failed[0]!.reason);
    await expect(page.getByText('Completed', { exact: true })).toBeVisible();
    await shot(page, info, 'rollout-done');
    await expectAccessible(page, 'the rollout progress page');
  });

  await test.step('the device page shows the installed version and the rollout', async () => {
    await page.goto(`/device-details?deviceId=${siteB!.ids[0]}`);
    await expect(page.getByTestId('installed-version')).toHaveText(VERSION);
    await expect(page.getByTestId('device-rollout')).toContainText(`Last update ${VERSION}:`);
    await shot(page, info, 'device-software');
    await page.goto(rolloutUrl);
  });
});
