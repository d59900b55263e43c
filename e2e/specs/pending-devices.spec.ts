import { deviceDay, generateFleet, toPart10 } from '@kestrel/fleet-sim';
import { expect, expectAccessible, signIn, snap, test } from '../support/fixtures';

/**
 * The onboarding page's pending list shows where each pending device belongs: the station and
 * institution it reported in its objects (docs/devices.md). The demo's unregistered devices
 * register themselves by sending images that name their institution; this test sends its own.
 */
test('onboarding: pending devices show the station and institution they reported', async ({ page }, info) => {
  const admin = await signIn(page, 'admin', 1002);
  // A pending device of its own (other specs onboard the demo's): a simulated exam under a new
  // serial number, with its station and institution, through the upload door.
  const run = Date.now().toString(36).toUpperCase();
  const fleet = generateFleet({ seed: `pending-${run}`, devices: 5, days: 3 });
  const device = fleet.devices.find((d) => d.siteKey !== null)!;
  const [record] = [0, 1, 2, 3, 4, 5, 6]
    .map((back) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10))
    .flatMap((day) => deviceDay(fleet, device, day));
  const serial = `PENDING${run}`;
  const file = toPart10({
    ...record!,
    DeviceSerialNumber: serial,
    StationName: `ST${run}`,
    // UTF-8 text, declared as such (ISO_IR 192), as the device's character set decides.
    SpecificCharacterSet: 'ISO_IR 192',
    InstitutionName: 'Clinique Saint-Étienne',
  });
  const upload = await page.request.post('/api/ingest/upload', {
    headers: { 'x-access-token': admin.token },
    multipart: { file: { name: `${serial}.dcm`, mimeType: 'application/dicom', buffer: Buffer.from(file) } },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  await page.goto('/dashboard/project');
  await expect(page.getByTestId('page-title')).toHaveText('Onboarding');
  const table = page.getByTestId('pending-devices');
  const headers = table.getByRole('columnheader');
  await expect(headers.nth(2)).toHaveText('Station');
  await expect(headers.nth(3)).toHaveText('Institution');
  const rows = table.locator('tbody tr');
  await expect(rows.filter({ hasText: serial })).toContainText(`ST${run}`);
  await expect(rows.filter({ hasText: serial })).toContainText('Clinique Saint-Étienne');
  await snap(page, info, 'pending-devices-institution');
  await page.screenshot({ path: '/tmp/shots/ingest-files/onboarding-pending.png', fullPage: true });
  await expectAccessible(page, '/dashboard/project (pending devices)');
});
