import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { FIXTURES, uniqueEmail } from './refine-support';
import { createConfirmedUser, e2eStatus, signInAs, snap, VIEWPORTS } from './support';

const STUDIO = '/dashboard/lightbox';

test.describe('Lightbox Studio', () => {
  test('a trial user turns a phone photo into a compliant Amazon main image and downloads it', async ({ page }) => {
    test.setTimeout(150_000);
    const user = await createConfirmedUser(uniqueEmail('lightbox'), 'Lightbox-pass-2026');
    await signInAs(page, user.email, user.password);
    await page.goto(STUDIO);
    await expect(page.getByRole('heading', { name: 'Lightbox Studio' })).toBeVisible();
    await expect(page.getByText('1 credit · you have 5')).toBeVisible();
    await expect(page.getByText('No lightbox images yet')).toBeVisible();

    await page.getByLabel('Choose a product photo').setInputFiles(FIXTURES.mug);
    await page.getByLabel('Product name').fill('Blue mug');
    await page.getByRole('button', { name: 'Create Lightbox Image' }).click();
    await expect(page.getByText('Your lightbox image is ready.')).toBeVisible({ timeout: 90_000 });
    const rules = page.getByRole('list', { name: 'Marketplace rules' });
    await expect(rules).toContainText('Background pure white (#FFFFFF)');
    await expect(rules.getByLabel('Passed')).toHaveCount(4);
    await expect(page.getByLabel('Credit balance: 4')).toBeVisible();
    await snap(page, 'lightbox-amazon-1280-light');

    await page.getByRole('button', { name: /^Open Blue mug/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('slider', { name: 'Before and after comparison' })).toBeVisible();
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toMatch(/^blue-mug-amazon-main-image-.*\.jpg$/);
  });

  test('on a phone: a described backdrop for Instagram, with the words it could not use', async ({ page }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(VIEWPORTS.mobile);
    const user = await createConfirmedUser(uniqueEmail('lightbox-phone'), 'Lightbox-pass-2026');
    await signInAs(page, user.email, user.password);
    await page.goto(STUDIO);
    await page.getByLabel('Choose a product photo').setInputFiles(FIXTURES.bottle);
    await page.getByLabel('Product name').fill('Herb tonic');
    await page.getByRole('radio', { name: /Instagram feed/ }).click();
    await page.getByRole('radio', { name: /Describe it/ }).click();
    await page.getByLabel('Background description').fill('warm marble with unicorns');
    await page.getByRole('radio', { name: /Soft contact shadow/ }).click();
    await page.getByRole('button', { name: 'Create Lightbox Image' }).click();
    await expect(page.getByText('Your lightbox image is ready.')).toBeVisible({ timeout: 90_000 });
    await expect(page.getByText('Not understood, so not used:')).toContainText('“unicorns”');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(page, 'lightbox-instagram-390-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveClass(/dark/);
    await snap(page, 'lightbox-instagram-390-dark');
  });
});

test.describe('Trial lightbox', () => {
  /** Every browser here comes from 127.0.0.1: each test starts with that address's tries unused. */
  const clearTrialCounts = async () => {
    const db = new pg.Client({ connectionString: e2eStatus().db_url });
    await db.connect();
    try {
      await db.query('delete from private.trial_attempts');
    } finally {
      await db.end();
    }
  };

  for (const viewport of Object.values(VIEWPORTS)) {
    test(`a visitor tries one photo without an account at ${viewport.width} px: a watermarked 512 px image, then sign up for the full one`, async ({ page }) => {
      test.setTimeout(150_000);
      await clearTrialCounts();
      await page.setViewportSize(viewport);
      await page.goto('/trial/lightbox');
      await expect(page.getByRole('heading', { name: 'Try the Lightbox free' })).toBeVisible();
      await expect(page.getByRole('navigation')).toHaveCount(0);
      const run = page.getByRole('button', { name: 'Try it free' });
      await expect(run).toBeDisabled();
      await page.getByLabel('Choose a product photo').setInputFiles(FIXTURES.mug);
      await run.click();
      const shot = page.getByRole('img', { name: /Your product on pure white, 512×\d+ px, watermarked “Shotcraft trial”/ });
      await expect(shot).toBeVisible({ timeout: 90_000 });
      expect(await shot.evaluate((img: HTMLImageElement) => Math.max(img.naturalWidth, img.naturalHeight))).toBe(512);
      await expect(page.getByText(/2 free tries left this hour/)).toBeVisible();
      const signUp = page.getByRole('link', { name: /Sign up to get the full-resolution image/ });
      await expect(signUp).toHaveAttribute('href', '/signup');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot.scrollIntoViewIfNeeded();
      await snap(page, `trial-lightbox-visitor-${viewport.width}`);

      // The address's hourly tries used up (as two more tries would): the next one is refused in words.
      const db = new pg.Client({ connectionString: e2eStatus().db_url });
      await db.connect();
      await db.query(`update private.trial_attempts set attempts = 3 where subject <> '*' and period = 'hour'`).finally(() => db.end());
      await run.click();
      const alert = page.getByRole('alert').filter({ hasText: 'No free tries left' });
      await expect(alert).toContainText('You have used your 3 free tries for this hour.');
      await expect(alert.getByRole('link', { name: 'Sign up free' })).toHaveAttribute('href', '/signup');
      await alert.scrollIntoViewIfNeeded();
      await snap(page, `trial-lightbox-visitor-limit-${viewport.width}`);
      await signUp.click();
      await expect(page).toHaveURL(/\/signup$/);
    });
  }

  test('a new account runs it on free credits', async ({ page }) => {
    test.setTimeout(150_000);
    const user = await createConfirmedUser(uniqueEmail('trial-lightbox'), 'Lightbox-pass-2026');
    await signInAs(page, user.email, user.password);
    await page.goto('/trial/lightbox');
    await expect(page.getByText('5 free credits left')).toBeVisible();
    await page.getByLabel('Choose a product photo').setInputFiles(FIXTURES.mug);
    await page.getByLabel('Product name').fill('Blue mug');
    await page.getByRole('button', { name: 'Create Lightbox Image' }).click();
    await expect(page.getByRole('list', { name: 'Marketplace rules' })).toBeVisible({ timeout: 90_000 });
    await expect(page.getByText('4 free credits left')).toBeVisible();
    await expect(page.getByRole('link', { name: /Open the full Lightbox Studio/ })).toHaveAttribute('href', '/dashboard/lightbox');
  });
});

test.describe('Lightbox batch', () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    test(`a batch of 3 with one file that is not an image, at ${viewport.width} px: 2 images, 2 credits, one ZIP`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(viewport);
      const user = await createConfirmedUser(uniqueEmail(`lightbox-batch-${name}`), 'Lightbox-pass-2026');
      await signInAs(page, user.email, user.password);
      await page.goto(STUDIO);
      await page.getByRole('radio', { name: /Batch/ }).click();
      await page.getByLabel('Choose photos for the batch').setInputFiles([
        { name: 'mug.jpg', mimeType: 'image/jpeg', buffer: fs.readFileSync(FIXTURES.mug) },
        { name: 'bottle.png', mimeType: 'image/png', buffer: fs.readFileSync(FIXTURES.bottle) },
        { name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('shopping list, not a photo') },
      ]);
      const list = page.getByRole('list', { name: 'Batch photos' });
      await expect(list.getByText('Not an image')).toBeVisible();
      await expect(page.getByText(/2 photos to do × 1 credit = 2 credits · you have 5/)).toBeVisible();
      await page.getByLabel('Product name').fill('Catalogue');
      await page.getByRole('radio', { name: /Shopify/ }).click();
      await page.getByRole('button', { name: 'Create lightbox images (2)' }).click();
      await expect(page.getByText('Batch finished', { exact: true })).toBeVisible({ timeout: 120_000 });
      await expect(list.getByText('Done')).toHaveCount(2);
      await expect(page.getByLabel('Credit balance: 3')).toBeVisible();
      await snap(page, `lightbox-batch-${viewport.width}-light`);
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download ZIP (2)' }).click();
      expect((await download).suggestedFilename()).toMatch(/^lightbox-batch-.*\.zip$/);
    });
  }
});
