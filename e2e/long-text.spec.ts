/**
 * Long unbroken text never widens a page: a 120-character word typed into every free-text field
 * whose words are shown elsewhere (profile names and company, the sign-in e-mail, product names,
 * custom enhancement words, a caption, a webhook URL and description, the library search), then
 * every page that shows them at 1280 and 390 px, measured: the page is never wider than the window.
 * The heavy studios' results (spin, UGC, ad analysis and variations) are written as their jobs leave
 * them, named with the same word (long-text-support.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { seedAdAnalysis, seedVideos } from './long-text-support';
import { FIXTURES, grantCredits, refine } from './refine-support';
import { connectFromSettings } from './social-support';
import { createConfirmedUser, settled, signInAs, snap, VIEWPORTS } from './support';

/** A 120-character word: no space, no hyphen, nothing a line may break at. */
const word = (tag: string) => `${tag}${'Unbreakable'.repeat(12)}`.slice(0, 120);
const NAME = word('Product');
/** Refine's own words: one it understands, then a 112-character word it reports as not used. */
const CUSTOM = `vibrant ${word('Enhance').slice(0, 112)}`;
const CAPTION = word('Caption');
const WEBHOOK_URL = `https://example.com/${'hook'.repeat(25)}`;
const DESCRIPTION = word('Hook');

/** The page is no wider than the window: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `${where} at ${innerWidth} px is ${scrollWidth} px wide`).toBeLessThanOrEqual(innerWidth);
}

/** Where the long words show, and what to do there first so they are on screen. */
const PAGES: { path: string; name: string; show?: (page: Page) => Promise<void> }[] = [
  {
    path: '/dashboard',
    name: 'dashboard',
    show: async (page) => {
      await expect(page.getByRole('heading', { name: 'Recent Activity' })).toBeVisible();
      await expect(page.getByText(NAME).first()).toBeAttached();
    },
  },
  { path: '/settings?tab=profile', name: 'settings-profile' },
  { path: '/settings?tab=webhooks', name: 'settings-webhooks', show: (page) => expect(page.getByText(DESCRIPTION)).toBeVisible() },
  { path: '/settings?tab=posts', name: 'settings-posts', show: (page) => expect(page.getByText(CAPTION).first()).toBeVisible() },
  { path: '/settings?tab=billing', name: 'settings-billing' },
  { path: '/billing', name: 'billing' },
  {
    path: '/dashboard/library',
    name: 'library',
    show: async (page) => {
      await expect(page.getByRole('article', { name: NAME }).first()).toBeVisible();
    },
  },
  { path: '/dashboard/lightbox', name: 'lightbox', show: (page) => expect(page.getByRole('button', { name: new RegExp(`^Open ${NAME}`) })).toBeVisible() },
  { path: '/dashboard/refine-image', name: 'refine', show: (page) => expect(page.getByRole('button', { name: new RegExp(`^Open ${CUSTOM}`) })).toBeVisible() },
  { path: '/dashboard/360-video', name: 'spin360', show: (page) => expect(page.getByRole('button', { name: new RegExp(`^Open ${NAME}`) })).toBeVisible() },
  { path: '/dashboard/ugc-studio', name: 'ugc', show: (page) => expect(page.getByRole('button', { name: new RegExp(`^Open ${NAME}`) })).toBeVisible() },
  {
    path: '/dashboard/competitor-ad-analyzer',
    name: 'ads',
    show: async (page) => {
      await page.getByRole('button', { name: '3 variations' }).click();
      await expect(page.getByRole('list', { name: `Variations of ${NAME}` }).getByRole('listitem')).toHaveCount(3);
    },
  },
];

test('a 120-character word typed everywhere it is shown never makes a page scroll sideways, at 1280 and 390 px', async ({ page }) => {
  test.setTimeout(300_000);
  // The sign-in e-mail is shown too (the avatar menu, Settings): a 64-character local part, the most there is.
  const user = await createConfirmedUser(`${'m'.repeat(55)}${randomUUID().slice(0, 9)}@example.com`, 'Long-text-pass-2026');
  await grantCredits(user.id, 20);
  await seedVideos(user.id, NAME);
  await seedAdAnalysis(user.id, NAME);
  await signInAs(page, user.email, user.password);

  // Profile: first and last name, company.
  await page.goto('/settings?tab=profile');
  for (const label of ['First name', 'Last name', 'Company']) await page.getByLabel(label, { exact: true }).fill(word(label.replace(' ', '')));
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();

  // A webhook: its URL and description.
  await page.goto('/settings?tab=webhooks');
  await page.getByLabel('Endpoint URL').fill(WEBHOOK_URL);
  await page.getByLabel('Description (optional)').fill(DESCRIPTION);
  await page.getByRole('button', { name: 'Add webhook' }).click();
  await page.getByRole('dialog', { name: 'Signing secret' }).getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('list', { name: 'Webhooks' }).getByText(DESCRIPTION)).toBeVisible();

  // The studios that run in seconds, for real: a lightbox product name and refine's own words.
  await page.goto('/dashboard/lightbox');
  await page.getByLabel('Choose a product photo').setInputFiles(FIXTURES.mug);
  await page.getByLabel('Product name').fill(NAME);
  await page.getByRole('button', { name: 'Create Lightbox Image' }).click();
  await expect(page.getByText('Your lightbox image is ready.')).toBeVisible({ timeout: 90_000 });
  await page.goto('/dashboard/refine-image');
  await refine(page, FIXTURES.mug, { custom: CUSTOM });

  // A caption, posted from the library to Instagram (Settings → Posts shows it).
  await connectFromSettings(page, 'Instagram');
  await page.goto('/dashboard/library');
  await page.getByRole('button', { name: `Post ${NAME}` }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Share to Social Media' });
  await dialog.getByRole('button', { name: /^Instagram / }).click();
  await dialog.getByLabel('Caption', { exact: true }).fill(CAPTION);
  await dialog.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(dialog.getByRole('list', { name: 'Results' }).getByText('Posted successfully')).toHaveCount(1, { timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Done' }).click();

  for (const [viewport, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    for (const screen of PAGES) {
      await page.goto(screen.path);
      await settled(page);
      await screen.show?.(page);
      await expectNoSidewaysScroll(page, screen.path);
      await snap(page, `long-text-${screen.name}-${size.width}`);
    }
    // The library's search, typed: its 'No content matches' repeats the word.
    await page.goto('/dashboard/library');
    await settled(page);
    await page.getByRole('searchbox', { name: 'Search your content' }).fill(`${NAME}Missing`);
    await expect(page.getByText(`No content matches "${NAME}Missing".`)).toBeVisible();
    await expectNoSidewaysScroll(page, 'library search');
    // The avatar menu shows the e-mail.
    await page.goto('/dashboard');
    await settled(page);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menu').getByText(user.email)).toBeVisible();
    await expectNoSidewaysScroll(page, 'the account menu');
    await snap(page, `long-text-account-menu-${viewport}`);
    await page.keyboard.press('Escape');
  }
});

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`at ${viewport.width} px: the sign-up summary shows 120-character names, company and a 64-character e-mail without scrolling sideways`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const email = `${'s'.repeat(55)}${randomUUID().slice(0, 9)}@example.com`;
    await page.goto('/signup?method=email');
    await page.getByLabel('First name').fill(word('First'));
    await page.getByLabel('Last name').fill(word('Last'));
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Long-text-pass-2026');
    await page.getByLabel('Confirm password').fill('Long-text-pass-2026');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByLabel('Company name').fill(word('Company'));
    for (const [field, option] of [['Role', 'Founder / Owner'], ['Team size', 'Small (2-10)'], ['Primary use case', 'Product showcases']] as const) {
      await page.getByRole('combobox', { name: field }).click();
      await page.getByRole('option', { name: option }).click();
    }
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    const summary = page.getByRole('region', { name: 'Account summary' });
    await expect(summary).toContainText(email);
    await expect(summary).toContainText(word('Company'));
    await expectNoSidewaysScroll(page, 'the sign-up summary');
    await snap(page, `long-text-signup-summary-${name}`);
  });
}
