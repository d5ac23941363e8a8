import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { createConfirmedUser, settled, signInAs, snap, startReceiver, VIEWPORTS } from './support';

async function newUser() {
  return createConfirmedUser(`settings-${randomUUID().slice(0, 8)}@example.com`, `Pw-${randomUUID()}`);
}

test.describe('settings', () => {
  test('the landing links How It Works to a guide anyone can read, with the studios and their prices', async ({ page }) => {
    await page.goto('/settings?tab=how-it-works');
    await expect(page.getByRole('tab', { name: 'How it works', selected: true })).toBeVisible();
    const studios = page.getByRole('list', { name: 'Studios' });
    await expect(studios.getByRole('listitem')).toHaveCount(5);
    await expect(studios.getByLabel('Price: 10 credits')).toBeVisible();
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await expect(page).toHaveURL(/tab=webhooks/);
    await expect(page.getByText('Sign in to see Webhooks')).toBeVisible();
  });

  test('a user edits their profile and photo, and the header shows them', async ({ page }) => {
    const user = await newUser();
    await signInAs(page, user.email, user.password);
    await page.goto('/settings?tab=profile');
    await page.getByLabel('First name').fill('Nora');
    await page.getByLabel('Last name').fill('Lind');
    await page.getByLabel('Company').fill('Mug Co');
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Founder / Owner' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Profile updated')).toBeVisible();

    // An 800×600 photo is stored as a square 256 px crop for this preview and a 64 px one for the header.
    await page.getByLabel('Profile photo file').setInputFiles(path.resolve('e2e/fixtures/mug.jpg'));
    await expect(page.getByText('Profile photo updated')).toBeVisible();
    const preview = page.getByRole('img', { name: 'Your profile photo' });
    await expect(preview).toBeVisible();
    const size = (img: typeof preview) => img.evaluate((el: HTMLImageElement) => [el.naturalWidth, el.naturalHeight, el.currentSrc.split('/').pop()]);
    expect(await size(preview)).toEqual([256, 256, expect.stringMatching(/^avatar-\d+-256\.webp$/)]);

    await page.reload();
    await expect(page.getByLabel('Company')).toHaveValue('Mug Co');
    await page.goto('/dashboard');
    const header = page.getByRole('button', { name: 'Account menu' }).locator('img');
    await expect(header).toBeVisible();
    expect(await size(header)).toEqual([64, 64, expect.stringMatching(/^avatar-\d+-64\.webp$/)]);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menu')).toContainText('Nora Lind');
  });

  test('a user adds a webhook, sees its secret once, sends a test event and finds it delivered in the log', async ({ page }) => {
    const receiver = await startReceiver();
    const { url, received } = receiver;
    try {
      const user = await newUser();
      await signInAs(page, user.email, user.password);
      await page.goto('/settings?tab=webhooks');
      await page.getByLabel('Endpoint URL').fill('http://169.254.169.254/latest/meta-data');
      await page.getByRole('button', { name: 'Add webhook' }).click();
      await expect(page.getByText(/private or local address/)).toBeVisible();

      await page.getByLabel('Endpoint URL').fill(url);
      await page.getByLabel('Credits low').check();
      await page.getByRole('button', { name: 'Add webhook' }).click();
      const dialog = page.getByRole('dialog', { name: 'Signing secret' });
      await expect(dialog.getByLabel('Signing secret')).toHaveValue(/^whsec_/);
      await dialog.getByRole('button', { name: 'Done' }).click();

      const hooks = page.getByRole('list', { name: 'Webhooks' });
      await expect(hooks).toContainText(url);
      await expect(hooks).toContainText('credits.low');
      await hooks.getByRole('button', { name: 'Send test event' }).click();
      const log = page.getByRole('table');
      await expect(log).toContainText('webhook.test');
      await expect(log).toContainText('Delivered · 200', { timeout: 15_000 });
      expect(received.some((b) => (JSON.parse(b) as { type: string }).type === 'webhook.test')).toBe(true);
    } finally {
      receiver.close();
    }
  });

  test('a user connects X on its consent page, comes back connected, and disconnects it', async ({ page }) => {
    const user = await newUser();
    await signInAs(page, user.email, user.password);
    await page.goto('/settings?tab=accounts');
    await page.getByRole('button', { name: 'Connect X' }).click();
    // The platform's own page (the local stand-in), then back to Settings.
    await expect(page.getByRole('heading', { name: 'Shotcraft wants to access your X account' })).toBeVisible();
    await snap(page, 'settings-connect-consent');
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect(page).toHaveURL(/\/settings\?tab=accounts$/);
    // The app finished the connection with this session: the toast names the account, the list shows it.
    await expect(page.getByText('X connected')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Platforms' }).getByText('@shotcraftdemo')).toBeVisible();
    await snap(page, 'settings-accounts-connected');
    await page.getByRole('button', { name: 'Disconnect X' }).click();
    await expect(page.getByText('Account disconnected')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Connect X' })).toBeVisible();
  });

  test('a user deletes their account by typing its e-mail, and it is gone', async ({ page }) => {
    const user = await newUser();
    await signInAs(page, user.email, user.password);
    await page.goto('/settings?tab=profile');
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Are you absolutely sure?' });
    await dialog.getByLabel(/to confirm/).fill(user.email);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Your account was deleted')).toBeVisible();
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In to Dashboard' }).click();
    await expect(page.getByText('Sign In Failed')).toBeVisible();
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    test(`every tab at ${viewport.width} px fits the screen`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const user = await newUser();
      await signInAs(page, user.email, user.password);
      for (const tab of ['profile', 'how-it-works', 'webhooks', 'accounts', 'posts', 'billing']) {
        await page.goto(`/settings?tab=${tab}`);
        await expect(page.getByRole('tabpanel')).toBeVisible();
        await settled(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, tab).toBeLessThanOrEqual(0);
        await snap(page, `settings-${tab}-${name}`);
      }
    });
  }
});
