import { expect, test, type Page } from '@playwright/test';
import { FIXTURES, uniqueEmail } from './refine-support';
import { createLibraryUser } from './library-support';
import { createConfirmedUser, settled, signInAs, startReceiver } from './support';

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

/** The sign-in form by keyboard alone: Tab to each field, type, Enter. */
async function signInByKeyboard(page: Page, user: { email: string; password: string }) {
  await page.goto('/login');
  await settled(page);
  await tabTo(page, /^Email$/);
  await page.keyboard.type(user.email);
  await tabTo(page, /^Password$/);
  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard');
}

/** Settings → Connected accounts → Connect Pinterest → Allow on its consent page, by keyboard. */
async function connectPinterestByKeyboard(page: Page) {
  await page.goto('/settings?tab=accounts');
  await expect(page.getByRole('button', { name: 'Connect Pinterest' })).toBeVisible();
  await tabTo(page, /^Connect Pinterest$/, { max: 120 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Shotcraft wants to access your Pinterest account' })).toBeVisible();
  await tabTo(page, /^Allow$/);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Pinterest connected')).toBeVisible();
}

test('keyboard only: sign in, refine a photo, open the result and come back to it', async ({ page }) => {
  test.setTimeout(120_000);
  const user = await createConfirmedUser(uniqueEmail('keyboard'), 'Keyboard-pass-2026');
  await signInByKeyboard(page, user);

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
  // the preset (docs/spec.md §2).
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

test('keyboard only: the sign-up wizard, selects and the terms box included', async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('keyboard-signup');
  await page.goto('/signup?method=email');
  await settled(page);
  for (const [field, value] of [[/^First name$/, 'Kay'], [/^Last name$/, 'Board'], [/^Email$/, email], [/^Password$/, 'Keyboard-pass-2026'], [/^Confirm password$/, 'Keyboard-pass-2026']] as const) {
    await tabTo(page, field);
    await page.keyboard.type(value);
  }
  await tabTo(page, /^Continue$/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: /Company Details/ })).toBeVisible();

  await tabTo(page, /^Company name$/);
  await page.keyboard.type('Keys Ltd');
  // A select opens with Enter or Space and is chosen with the arrows and Enter, like a native one.
  for (const [field, option] of [[/^Role$/, 'Founder / Owner'], [/^Team size$/, 'Small (2-10)'], [/^Primary use case$/, 'Product showcases']] as const) {
    await tabTo(page, field);
    await page.keyboard.press('Enter');
    const choice = page.getByRole('option', { name: option });
    await expect(choice).toBeVisible();
    // One arrow at a time, each waited out: the list moves its focus a frame after the key, and a
    // loop that only re-checked went past the option on a busy machine.
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    await expect.poll(focused).not.toBe('');
    for (let i = 0; i < 10 && !(await choice.evaluate((el) => el === document.activeElement)); i++) {
      const before = await focused();
      await page.keyboard.press('ArrowDown');
      await expect.poll(focused).not.toBe(before);
    }
    await page.keyboard.press('Enter');
    await expect(page.getByRole('combobox', { name: field })).toContainText(option);
    await expect(page.getByRole('combobox', { name: field })).toBeFocused();
  }
  await tabTo(page, /^Continue$/);
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 2, name: /Terms & Preferences/ })).toBeVisible();
  await tabTo(page, /I agree to the/);
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: /I agree to the/ })).toBeChecked();
  await tabTo(page, /^Create Account$/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/, { timeout: 30_000 });
});

test('keyboard only: the library — filter, open a preview and come back to its tile, select and clear', async ({ page }) => {
  test.setTimeout(120_000);
  const user = await createLibraryUser();
  await signInByKeyboard(page, user);
  await page.goto('/dashboard/library');
  await expect(page.getByText('YOUR GENERATED CONTENT ORGANIZED BY TYPE')).toBeVisible();

  // The filter chip (the sidebar's Lightbox link comes first in the Tab order and is passed by).
  await tabTo(page, /^Lightbox\s*2$/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Lightbox 2' })).toHaveAttribute('aria-pressed', 'true');
  // The grid has followed the filter (two tiles) before Tab moves on into it.
  await expect(page.getByRole('button', { name: /^Preview / })).toHaveCount(2);

  await tabTo(page, /^Preview /);
  const opener = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  // Focus comes back to the button that opened the preview.
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(opener);

  await tabTo(page, /^Select Multiple$/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Exit Bulk' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Select Multiple' })).toBeFocused();
});

test('at 390 px, by keyboard alone: edit the profile, add a webhook and send it a test event', async ({ page }) => {
  const receiver = await startReceiver();
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    const user = await createConfirmedUser(uniqueEmail('kbd-settings'), 'Keyboard-pass-2026');
    await signInAs(page, user.email, user.password);

    await page.goto('/settings?tab=profile');
    await expect(page.getByLabel('First name')).toBeVisible();
    await tabTo(page, /^First name$/);
    await page.keyboard.type('Kay');
    await tabTo(page, /^Save changes$/);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Profile updated')).toBeVisible();

    await page.goto('/settings?tab=webhooks');
    await expect(page.getByLabel('Endpoint URL')).toBeVisible();
    await tabTo(page, /^Endpoint URL$/);
    await page.keyboard.type(receiver.url);
    await tabTo(page, /^Credits low/);
    await page.keyboard.press('Space');
    await tabTo(page, /Add webhook/);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Signing secret' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await tabTo(page, /Send test event/, { back: true });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: 'Webhook deliveries' })).toContainText('Delivered · 200', { timeout: 15_000 });
    expect(receiver.received).toHaveLength(1);
  } finally {
    receiver.close();
  }
});

test('at 390 px, by keyboard alone: buy a credit pack on the checkout page, filter the credit history, and connect an account', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const user = await createConfirmedUser(uniqueEmail('kbd-billing'), 'Keyboard-pass-2026');
  await signInAs(page, user.email, user.password);

  await page.goto('/dashboard/credit-packs');
  await expect(page.getByRole('button', { name: 'Buy 50 credits for $19' })).toBeVisible();
  await tabTo(page, /^Buy 50 credits for \$19$/);
  await page.keyboard.press('Enter');
  // The local Stripe's checkout page: the test card is filled in; Tab to Pay.
  await expect(page.getByRole('heading', { name: 'Pay Shotcraft' })).toBeVisible();
  await tabTo(page, /^Pay \$19\.00$/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: '50 credits added. You now have 55 credits.' })).toBeVisible({ timeout: 30_000 });

  await page.goto('/billing');
  await expect(page.getByRole('table', { name: 'Credit history' })).toBeVisible();
  await tabTo(page, /^Show$|Everything/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: 'Everything' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: 'Credits received' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Show' })).toHaveText('Credits received');
  await expect(page.getByRole('table', { name: 'Credit history' }).getByRole('row')).toHaveCount(3);

  await connectPinterestByKeyboard(page);
});

test('at 390 px, by keyboard alone: post a library item to Pinterest from the Share dialog, and focus comes back to its Post button', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const user = await createLibraryUser([{ type: 'refine_image', name: 'Refined Image - Color Correction', createdAt: '2026-11-03T10:00:00Z', credits: 2 }]);
  await signInByKeyboard(page, user);
  await connectPinterestByKeyboard(page);

  await page.goto('/dashboard/library');
  await expect(page.getByRole('button', { name: /^Post / })).toBeVisible();
  await tabTo(page, /^Post /, { max: 120 });
  const opener = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Share to Social Media' });
  await expect(dialog.getByRole('button', { name: 'Pinterest @shotcraftdemo' })).toBeVisible();
  await tabTo(page, /^Pinterest @shotcraftdemo$/);
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('button', { name: 'Pinterest @shotcraftdemo' })).toHaveAttribute('aria-pressed', 'true');
  await tabTo(page, /^Generate Caption$/);
  await page.keyboard.press('Enter');
  // A refined image has no product name: the caption is in the studio's words, never its label.
  const caption = dialog.getByLabel('Caption', { exact: true });
  await expect(caption).toHaveValue(/retouched|Sharper, brighter|details you will notice/);
  await expect(caption).not.toHaveValue(/Color Correction|Refined Image/);
  await tabTo(page, /^Post$/);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Posted to 1 platform')).toBeVisible({ timeout: 30_000 });
  await tabTo(page, /^Done$/);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  // Focus is handed back once the dialog has finished closing.
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(opener);
});
