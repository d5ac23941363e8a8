import { expect, test, type Page } from '@playwright/test';
import { FIXTURES, uniqueEmail } from './refine-support';
import { createConfirmedUser } from './support';

/**
 * Keyboard only: sign in, refine a photo, look at the result and come back, with focus visible at
 * every stop and returned after each dialog.
 */
async function tabTo(page: Page, name: RegExp, { back = false, max = 80 } = {}) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const label = (el as HTMLInputElement).labels?.[0]?.textContent ?? el.getAttribute('aria-label') ?? el.textContent ?? '';
      return { label: label.trim(), visible: style.outlineStyle !== 'none' || style.boxShadow !== 'none' };
    });
    if (focused && name.test(focused.label)) {
      expect(focused.visible, `focus is visible on "${focused.label}"`).toBe(true);
      return;
    }
  }
  throw new Error(`no Tab stop named ${name} within ${max} presses`);
}

test('keyboard only: sign in, refine a photo, open the result and come back to it', async ({ page }) => {
  test.setTimeout(120_000);
  const user = await createConfirmedUser(uniqueEmail('keyboard'), 'Keyboard-pass-2026');
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  await tabTo(page, /^Email$/);
  await page.keyboard.type(user.email);
  await tabTo(page, /^Password$/);
  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard');

  await page.goto('/dashboard/refine-image');
  await expect(page.getByRole('heading', { name: 'Refine Image Studio' })).toBeVisible();
  await tabTo(page, /^Choose Image$/);
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(FIXTURES.mug);
  await expect(page.getByRole('button', { name: 'Preview' })).toBeVisible();

  await tabTo(page, /^General Enhancement/);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: /^Color Correction/ })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('radio', { name: /^Color Correction/ })).toBeFocused();

  // Back to the button: forward, the custom field comes first, and focusing it takes over from
  // the preset (SPEC.md §2).
  await tabTo(page, /^Refine Image$/, { back: true });
  await page.keyboard.press('Enter');
  await expect(page.getByText('Your refined image is ready.')).toBeVisible({ timeout: 60_000 });

  await tabTo(page, /^Open Color Correction/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('button', { name: /^Open Color Correction/ })).toBeFocused();
});
