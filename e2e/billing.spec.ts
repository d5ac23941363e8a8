import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { createConfirmedUser, signInAs, snap, VIEWPORTS } from './support';

async function newUser() {
  return createConfirmedUser(`billing-${randomUUID().slice(0, 8)}@example.com`, `Pw-${randomUUID()}`);
}

/** On the stand-in's hosted checkout: the card (4242… is filled in), then Pay. */
async function payOnCheckout(page: Page, card?: string) {
  await expect(page.getByRole('heading', { name: /Pay Shotcraft|Subscribe to Shotcraft/ })).toBeVisible();
  if (card) await page.getByLabel('Card number').fill(card);
  await page.getByRole('button', { name: /^(Pay|Subscribe) \$/ }).click();
}

test.describe('billing', () => {
  test('a trial user buys a pack, sees the balance rise, and finds the purchase in the credit history', async ({ page }) => {
    const user = await newUser();
    await signInAs(page, user.email, user.password);
    await page.goto('/dashboard/credit-packs');
    await expect(page.getByRole('heading', { level: 1, name: 'Credit Packs' })).toBeVisible();
    await expect(page.getByRole('main').getByText('5 credits', { exact: true })).toBeVisible();
    await snap(page, 'billing-credit-packs');

    // A declined card first: nothing is charged, the page says why.
    await page.getByRole('button', { name: 'Buy 150 credits for $49' }).click();
    await payOnCheckout(page, '4000 0000 0000 0002');
    await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
    await snap(page, 'billing-checkout-declined');

    await payOnCheckout(page, '4242 4242 4242 4242');
    await expect(page).toHaveURL(/\/dashboard\/credit-packs/);
    await expect(page.getByRole('status').filter({ hasText: '150 credits added. You now have 155 credits.' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('main').getByText('155 credits', { exact: true })).toBeVisible();
    await expect(page).not.toHaveURL(/session_id/);
    await snap(page, 'billing-pack-bought');

    await page.goto('/billing');
    const history = page.getByRole('table', { name: 'Credit history' });
    await expect(history.getByRole('row').nth(1)).toContainText('Credit pack');
    await expect(history.getByRole('row').nth(1)).toContainText('+150');
    await expect(page.getByRole('table', { name: 'Payments' })).toContainText('150 credits (Growth)');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/^shotcraft-credit-history-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  test('a user upgrades to Professional from the pricing section, Social Analytics unlocks, and the plan is managed in the portal', async ({ page }) => {
    const user = await newUser();
    await signInAs(page, user.email, user.password);
    await page.goto('/dashboard');
    const analytics = page.getByRole('navigation', { name: 'Dashboard' }).first().getByRole('button', { name: /Social Analytics.*\(locked\)/ });
    await expect(analytics).toBeVisible();

    await page.goto('/#pricing');
    // Signed in, "Get Started" goes straight on to Checkout for that plan.
    await page.getByRole('link', { name: 'Choose Professional' }).click();
    await payOnCheckout(page);
    await expect(page.getByRole('status').filter({ hasText: 'Your Professional plan is active.' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { name: /Professional plan/ })).toBeVisible();
    await expect(page.getByText(/Renews on/)).toBeVisible();
    await snap(page, 'billing-professional');

    await page.goto('/dashboard');
    await expect(page.getByRole('navigation', { name: 'Dashboard' }).first().getByRole('link', { name: /Social Analytics/ })).toBeVisible();

    // Cancel in the portal: the plan stays until the period ends.
    await page.goto('/billing');
    await page.getByRole('button', { name: 'Change or cancel plan' }).click();
    await page.getByRole('button', { name: 'Cancel plan' }).click();
    await expect(page.getByText('Your plan is cancelled. It stays active until the end of the period.')).toBeVisible();
    await page.getByRole('link', { name: '← Return to Shotcraft' }).click();
    await expect(page.getByText('Cancels at period end')).toBeVisible({ timeout: 30_000 });
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    for (const scheme of ['light', 'dark'] as const) {
      test(`billing and credit packs fit at ${name} in ${scheme} mode`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme: scheme });
        const user = await newUser();
        await signInAs(page, user.email, user.password);
        for (const path of ['/billing', '/dashboard/credit-packs']) {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expect(page.getByRole('button', { name: /Subscribe to Starter/ })).toBeVisible();
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect(overflow).toBeLessThanOrEqual(0);
          await snap(page, `billing-${path.split('/').pop()}-${name}-${scheme}`);
        }
      });
    }
  }
});
