import fs from 'node:fs';
import path from 'node:path';
import jsQR from 'jsqr';
import { Secret, TOTP } from 'otpauth';
import { E2E_PASSWORD } from '../global-setup';
import { expect, LOGIN, signIn, test } from '../support/fixtures';

/**
 * Self-service accounts (docs/accounts.md) in the browser: the licence agreement gate, a password
 * reset by e-mail (received by the real SMTP server global-setup runs), registration from an
 * invitation, lock and unlock, and TOTP enrolment and sign-in.
 */
const SHOTS = '/tmp/shots/accounts-local';
const EULA_PENDING = 'new-terms@demo.kestrel';
const NEW_PASSWORD = 'copper meadow violin 73';

/** The newest mail to `to` that the SMTP server received, waiting for it. */
async function mailTo(to: string, after: number): Promise<string> {
  const dir = process.env.KESTREL_E2E_MAILDIR!;
  for (let i = 0; i < 100; i++) {
    const files = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(`-${to}.eml`) && Number(f.split('-')[0]) >= after)
      .sort();
    if (files.length) {
      const raw = fs.readFileSync(path.join(dir, files.at(-1)!), 'utf8');
      // Quoted-printable soft breaks and '=3D' for '='.
      return raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to}`);
}
const linkPath = (mail: string) => {
  const m = /https?:\/\/[^/\s]+(\/set-password#token=pl_[A-Za-z0-9_-]{43})/.exec(mail);
  if (!m) throw new Error(`no link in mail:\n${mail}`);
  return m[1]!;
};

async function signInWithForm(page: import('@playwright/test').Page, email: string, password: string) {
  await page.goto(LOGIN);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.describe.configure({ mode: 'serial' });

test('EULA gate: a pending version is shown before anything else; accepting opens the portal', async ({
  page,
}) => {
  await signInWithForm(page, EULA_PENDING, E2E_PASSWORD);
  const gate = page.getByTestId('eula-gate');
  await expect(gate).toBeVisible();
  await expect(gate).toContainText('Version 2026-1');
  await expect(page.getByTestId('navbar')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/eula-gate.png` });
  await gate.getByRole('button', { name: 'I accept' }).click();
  await expect(gate).toHaveCount(0);
  await expect(page).toHaveURL(/client-portal/);
});

test('EULA admin: versions with their state, who accepted, and a later version published', async ({
  page,
}) => {
  await signIn(page, 'admin', 1002);
  await page.goto('/admin/eula');
  const current = page.getByRole('row', { name: /2026-1/ });
  await expect(current.getByText('in effect')).toBeVisible();
  // The person who accepted in the test before is in the report, with their address.
  await expect(page.getByRole('heading', { name: /Accepted version 2026-1/ })).toBeVisible();
  await expect(page.getByRole('cell', { name: EULA_PENDING })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/eula-admin.png`, fullPage: true });

  const version = `e2e-${Date.now()}`;
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Publish a new version' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Version', { exact: false }).first().fill(version);
  // Months ahead, so the other tests' users are not asked again.
  const later = new Date(Date.now() + 300 * 86_400_000).toISOString().slice(0, 10);
  await dialog.getByLabel('In effect from').fill(`${later}T09:00`);
  await dialog.getByLabel(/Text \(Markdown/).fill('# Changes\n\nClearer words about data.');
  await dialog.getByText('Preview', { exact: true }).click();
  await expect(dialog.getByRole('heading', { name: 'Changes' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/eula-publish-preview.png` });
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('row', { name: new RegExp(version) }).getByText('scheduled')).toBeVisible();
  // Nobody has accepted it yet.
  await page
    .getByRole('row', { name: new RegExp(version) })
    .getByRole('button', { name: 'Who accepted' })
    .click();
  await expect(page.getByRole('heading', { name: new RegExp(`Accepted version ${version}`) })).toBeVisible();
  await expect(page.getByText('No data available')).toBeVisible();
});

test('reset by e-mail: the mailed link sets a new password, which then signs in', async ({ page }) => {
  const since = Date.now();
  await page.goto('/authentication/forgot');
  await page.getByLabel('E-mail address').fill(EULA_PENDING);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account with this address exists');
  await page.screenshot({ path: `${SHOTS}/forgot.png` });
  const mail = await mailTo(EULA_PENDING, since);
  await page.goto(linkPath(mail));
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('textbox', { name: 'Repeat the new password' }).fill(NEW_PASSWORD);
  await page.screenshot({ path: `${SHOTS}/set-password.png` });
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password is set');
  // The link works once.
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('already been used');
  await signInWithForm(page, EULA_PENDING, NEW_PASSWORD);
  await expect(page).toHaveURL(/client-portal/);
});

test('lock and unlock: Lock in the idle modal; the locked token is refused until the password is given', async ({
  page,
}) => {
  await page.clock.install();
  const session = await signIn(page, 'customerAdmin');
  await page.goto('/hc-about');
  await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 500);
  await page.clock.fastForward('13:02');
  await page.clock.runFor(300);
  const modal = page.getByRole('dialog', { name: 'Extend Session' });
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Lock' }).click();
  await expect(page).toHaveURL(/lock-screen/);
  // From here on the page's time runs normally again.
  await page.clock.resume();
  await expect(page.getByRole('heading', { name: 'Your session is locked' })).toBeVisible();
  const refused = await page.request.get('/api/sessionvalid', {
    headers: { 'x-access-token': session.token },
  });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).code).toBe('session_locked');
  await page.screenshot({ path: `${SHOTS}/lock-screen.png` });
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not the password');
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('alert')).toContainText('not correct');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page).toHaveURL(/hc-about/);
  const ok = await page.request.get('/api/sessionvalid', { headers: { 'x-access-token': session.token } });
  expect(ok.status()).toBe(200);
});

test('invitation, then TOTP: registration sets the password; enrolment; sign-in asks for the code', async ({
  page,
}) => {
  const admin = await page.request.post('/api/login', {
    data: { email: 'admin@demo.kestrel', password: E2E_PASSWORD },
  });
  const token = (await admin.json()).result.token;
  const email = `invited-${Date.now()}@example.org`;
  const since = Date.now();
  const created = await page.request.post('/api/admin/users', {
    headers: { 'x-access-token': token },
    data: {
      email,
      displayName: 'Ines Invited',
      access: { role: 'service', customerId: null, applicationIds: [1003] },
    },
  });
  expect(created.status()).toBe(200);
  const link = linkPath(await mailTo(email, since)).replace('/set-password', '/authentication/registration');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Welcome — choose your password' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/registration.png` });
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('textbox', { name: 'Repeat the new password' }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password is set');

  await signInWithForm(page, email, NEW_PASSWORD);
  // A new user accepts the current agreement first.
  await page.getByTestId('eula-gate').getByRole('button', { name: 'I accept' }).click();
  await expect(page).toHaveURL(/service-dashboard/);
  await page.goto('/user/profile');
  const card = page.getByTestId('two-factor');
  await card.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  const secret = (await page.getByTestId('totp-secret').innerText()).trim();
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  // The QR code a phone's camera reads carries the same key: drawn to pixels, then decoded.
  const qr = page.getByTestId('totp-qr');
  await expect(qr).toBeVisible();
  const pixels = await qr.evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = 360;
    canvas.height = 360;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#fff';
    g.fillRect(0, 0, 360, 360);
    g.drawImage(img, 0, 0, 360, 360);
    return Array.from(g.getImageData(0, 0, 360, 360).data);
  });
  const decoded = jsQR(Uint8ClampedArray.from(pixels), 360, 360);
  expect(decoded?.data).toMatch(/^otpauth:\/\/totp\//);
  expect(new URL(decoded!.data).searchParams.get('secret')).toBe(secret);
  await page.screenshot({ path: `${SHOTS}/totp-enrol.png` });
  await card.getByLabel('Code from the app').fill(totp.generate());
  await card.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(page.getByTestId('recovery-codes')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/recovery-codes.png` });
  await page.getByRole('button', { name: 'I have saved the codes' }).click();
  await expect(card.getByText('On', { exact: true })).toBeVisible();

  await page.evaluate(() => localStorage.clear());
  await signInWithForm(page, email, NEW_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/totp-signin.png` });
  // The code of the next 30-second step: the one used to enrol may not be used twice.
  await page.getByLabel('Code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/service-dashboard/);
});
