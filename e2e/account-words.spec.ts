/**
 * Small words and forms, as a user meets them at 1280 and 390 px: Settings asks for the current
 * password before it changes it (a wrong one changes nothing), the new-password hint names the whole
 * rule, Your Credits says a balance above the plan truthfully, and Stripe's pages show the e-mail
 * filled in and the card's expiry as it was typed.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { createConfirmedUser, e2eStatus, settled, signInAs, snap, VIEWPORTS } from './support';

const newUser = () => createConfirmedUser(`words-${randomUUID().slice(0, 8)}@example.com`, `Pw-${randomUUID()}`);

async function asSuperuser<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: e2eStatus().db_url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

test.describe('account words and forms', () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    test(`at ${viewport.width} px: changing the password asks for the current one, and a wrong one changes nothing`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const user = await newUser();
      await signInAs(page, user.email, user.password);
      await page.goto('/settings?tab=profile');
      const form = page.getByRole('form', { name: 'Change password' });
      await expect(form.getByLabel('Current password')).toBeVisible();
      await expect(form).toContainText('Use at least 8 characters, an uppercase letter, a lowercase letter and a number.');

      await form.getByLabel('Current password').fill('Not-my-password-1');
      await form.getByLabel('New password', { exact: true }).fill('Fresh-studio-2027');
      await form.getByLabel('Confirm new password').fill('Fresh-studio-2027');
      await form.getByRole('button', { name: 'Change password' }).click();
      await expect(form.getByText('Your current password is not correct.')).toBeVisible();
      await form.getByLabel('Current password').scrollIntoViewIfNeeded();
      await settled(page);
      await noSidewaysScroll(page);
      await snap(page, `account-password-wrong-${name}`);

      await form.getByLabel('Current password').fill(user.password);
      await form.getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByText('Password changed')).toBeVisible();
      await expect(form.getByLabel('Current password')).toHaveValue('');

      // The new password signs in; the old one does not.
      const other = await page.context().browser()!.newPage({ viewport });
      await other.goto('/login');
      await other.getByLabel('Email', { exact: true }).fill(user.email);
      await other.getByLabel('Password', { exact: true }).fill(user.password);
      await other.getByRole('button', { name: 'Sign In to Dashboard' }).click();
      await expect(other.getByText('The email or password you entered is incorrect. Please try again.')).toBeVisible();
      await other.getByLabel('Password', { exact: true }).fill('Fresh-studio-2027');
      await other.getByRole('button', { name: 'Sign In to Dashboard' }).click();
      await other.waitForURL('**/dashboard');
      await other.close();
    });

    test(`at ${viewport.width} px: Your Credits says 419 credits left beside the plan's 300, not "419 of 300"`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const user = await newUser();
      await asSuperuser(async (su) => {
        await su.query(`update public.profiles set plan = 'professional' where user_id = $1`, [user.id]);
        await su.query(`select private.apply_credit_delta($1, 414, 'adjustment')`, [user.id]);
      });
      await signInAs(page, user.email, user.password);
      const card = page.getByRole('region', { name: 'Your Credits' });
      await expect(card.getByText('419 credits left · 300 monthly credits with Professional')).toBeVisible();
      await expect(page.getByText(/419 of 300/)).toHaveCount(0);
      await card.scrollIntoViewIfNeeded();
      await settled(page);
      await noSidewaysScroll(page);
      await snap(page, `account-credits-card-${name}`);
    });
  }

  test('Checkout shows the e-mail filled in, and the portal shows the expiry that was typed', async ({ page }) => {
    const user = await newUser();
    await signInAs(page, user.email, user.password);
    await page.goto('/dashboard/credit-packs');
    await page.getByRole('button', { name: 'Buy 150 credits for $49' }).click();
    await expect(page.getByRole('heading', { name: 'Pay Shotcraft' })).toBeVisible();
    const email = page.getByLabel('Email');
    await expect(email).toHaveValue(user.email);
    await expect(email).toHaveAttribute('readonly', '');
    await page.getByLabel('Card number').fill('5555 5555 5555 4444');
    await page.getByLabel('Expiry').fill('13 / 30');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await expect(page.getByRole('alert')).toHaveText("Your card's expiration month is invalid.");
    await page.getByLabel('Expiry').fill('07 / 31');
    await snap(page, 'account-checkout-email');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await expect(page.getByRole('status').filter({ hasText: '150 credits added.' })).toBeVisible({ timeout: 30_000 });

    await page.goto('/billing');
    await page.getByRole('button', { name: 'Manage billing' }).click();
    await expect(page.getByRole('heading', { name: 'Payment method' })).toBeVisible();
    await expect(page.getByText('MASTERCARD •••• 4444, expires 07/2031')).toBeVisible();
    await page.getByLabel('New card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry').fill('03 / 29');
    await page.getByRole('button', { name: 'Update card' }).click();
    await expect(page.getByText('Your card is updated.')).toBeVisible();
    await expect(page.getByText('VISA •••• 4242, expires 03/2029')).toBeVisible();
    await snap(page, 'account-portal-card');
  });
});
