import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from '../support/fixtures';

/**
 * Messages and alerts in the browser (docs/messages.md). The demo fleet has devices that went
 * silent more than a day before the server started; the alert evaluator raises a RED alert for
 * each at its first round, and the demo administrator, who chose e-mail for offline devices, is
 * told at once through the real SMTP server global-setup runs. The journey reads that e-mail,
 * finds the alert in the inbox and follows it to the device.
 */
const SHOTS = '/tmp/shots/messages';
const ADMIN = 'admin@demo.kestrel';

/** The mails to `to` the SMTP server received whose subject starts with `prefix`, waiting for one. */
async function mailsTo(to: string, prefix: string): Promise<{ subject: string; text: string }[]> {
  const dir = process.env.KESTREL_E2E_MAILDIR!;
  for (let i = 0; i < 150; i++) {
    const mails = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(`-${to}.eml`))
      .map((f) => {
        const raw = fs
          .readFileSync(path.join(dir, f), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '=');
        const subject = /^Subject: (.*)$/im.exec(raw)?.[1] ?? '';
        return { subject, text: raw };
      })
      .filter((m) => m.subject.startsWith(prefix));
    if (mails.length) return mails;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail '${prefix}…' to ${to}`);
}

/** Open a Mantine select by its label and pick an option. */
async function choose(page: Page, label: string, option: string | RegExp) {
  // A required field's label carries an asterisk: match the label's start.
  await page
    .getByLabel(new RegExp(`^${label}`))
    .and(page.locator('input'))
    .click();
  await page.getByRole('option', { name: option }).first().click();
}

// Each test walks several pages with an accessibility scan on a shared, busy machine.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

test('a silent device: RED alert by e-mail and in the inbox, opened, lands on the device', async ({
  page,
}) => {
  const [mail] = await mailsTo(ADMIN, 'Device offline (RED): ');
  const subject = mail!.subject;
  const deviceId = /\/device-details\?deviceId=(\d+)/.exec(mail!.text)?.[1];
  expect(deviceId, 'the e-mail links to the device').toBeTruthy();

  await signIn(page, 'admin', 1002);
  await page.goto('/hc-dashboards');
  const badge = page.getByTestId('unread-count');
  await expect(badge).toHaveAttribute('data-count', /^[1-9]\d*$/);
  await page.screenshot({ path: `${SHOTS}/header-badge.png` });

  await page.getByRole('link', { name: /^Messages: \d+ unread$/ }).click();
  await expect(page).toHaveURL('/email/inbox');
  await choose(page, 'Kind', 'Device offline (RED)');
  const row = page.getByRole('link', { name: new RegExp(`${subject.replace(/[()]/g, '\\$&')}$`) });
  await expect(row).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/inbox.png`, fullPage: true });
  await expectAccessible(page, 'the inbox');

  await row.click();
  await expect(page).toHaveURL(/\/email\/read\?id=\d+/);
  await expect(page.getByRole('heading', { name: subject })).toBeVisible();
  await expect(page.getByTestId('message-body')).toContainText('has not been heard from since');
  await page.screenshot({ path: `${SHOTS}/read.png`, fullPage: true });
  await expectAccessible(page, 'a message');

  await page.getByRole('link', { name: /^Open .* SN / }).click();
  await expect(page).toHaveURL(`/device-details?deviceId=${deviceId}`);
  const serial = /SN (\S+)$/.exec(subject)![1]!;
  await expect(page.getByText(serial).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/device.png`, fullPage: true });

  // Opened: it is read now, and it can be archived.
  await page.goto('/email/inbox');
  await choose(page, 'Kind', 'Device offline (RED)');
  await expect(page.locator('tr[data-unread]').filter({ hasText: subject })).toHaveCount(0);
});

test('compose: a customer user writes to their sales representative about a device', async ({ page }) => {
  await signIn(page, 'customerUser');
  await page.goto('/email/compose');
  await choose(page, 'To', /Sales representative/);
  await page.getByRole('textbox', { name: 'Subject' }).fill('Paddle cracked in room 2');
  await page
    .getByRole('textbox', { name: 'Message' })
    .fill('The compression paddle is cracked. Can you send one?');
  await choose(page, 'About the site', /./);
  await choose(page, 'About the device', /SN/);
  await page.screenshot({ path: `${SHOTS}/compose.png`, fullPage: true });
  await expectAccessible(page, 'compose');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page).toHaveURL('/email/inbox');
});

test('the sales representative reads it, with the device attached', async ({ page }) => {
  await signIn(page, 'sales');
  await page.goto('/email/inbox');
  await page.getByRole('link', { name: /Paddle cracked in room 2/ }).click();
  await expect(page.getByTestId('message-body')).toContainText('compression paddle is cracked');
  await expect(page.getByRole('link', { name: /^Open .* SN / })).toBeVisible();
});

test('alert delivery choices on the profile page', async ({ page }) => {
  await signIn(page, 'customerAdmin');
  await page.goto('/user/profile');
  const prefs = page.getByTestId('alert-preferences');
  await expect(prefs).toBeVisible();
  // The demo customer administrator gets tube alerts in the daily digest.
  const tube = prefs.getByRole('radiogroup', { name: 'Tube life' });
  await expect(tube.getByRole('radio', { name: 'Daily digest' })).toBeChecked();
  await prefs.getByRole('radiogroup', { name: 'Failed files' }).getByText('E-mail at once').click();
  await expect(
    prefs.getByRole('radiogroup', { name: 'Failed files' }).getByRole('radio', { name: 'E-mail at once' }),
  ).toBeChecked();
  await page.screenshot({ path: `${SHOTS}/preferences.png`, fullPage: true });
  await page.reload();
  await expect(
    page
      .getByTestId('alert-preferences')
      .getByRole('radiogroup', { name: 'Failed files' })
      .getByRole('radio', { name: 'E-mail at once' }),
  ).toBeChecked();
});
