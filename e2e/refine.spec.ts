import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { FIXTURES, grantCredits, refine, uniqueEmail } from './refine-support';
import { createConfirmedUser, signInAs, snap, VIEWPORTS } from './support';

const STUDIO = '/dashboard/refine-image';

test.describe('Refine Image Studio', () => {
  test('a trial user refines with a preset and with custom text, then runs out of credits', async ({ page }) => {
    test.setTimeout(180_000);
    const user = await createConfirmedUser(uniqueEmail('trial'), 'Refine-pass-2026');
    await signInAs(page, user.email, user.password);
    await page.goto(STUDIO);
    await expect(page.getByRole('heading', { name: 'Refine Image Studio' })).toBeVisible();
    await expect(page.getByLabel('Credit balance: 5')).toBeVisible();
    await expect(page.getByText('No refined images yet')).toBeVisible();

    await refine(page, FIXTURES.mug, { preset: 'Color Correction' });
    await expect(page.getByRole('list', { name: 'Applied operations' })).not.toBeEmpty();
    await expect(page.getByLabel('Credit balance: 3')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Open Color Correction/ })).toBeVisible();

    await refine(page, FIXTURES.mug, { custom: 'make it more vibrant, add vintage effect, sparkly unicorns' });
    await expect(page.getByRole('list', { name: 'Applied operations' })).not.toBeEmpty();
    await expect(page.getByText(/Not understood, so not applied/)).toBeVisible();
    await expect(page.getByLabel('Credit balance: 1')).toBeVisible();
    await snap(page, 'refine-custom-result-1280-light');

    await page.getByLabel('Choose an image to refine').setInputFiles(FIXTURES.mug);
    await page.getByRole('button', { name: 'Refine Image', exact: true }).click();
    await expect(page.getByText('Insufficient Credits')).toBeVisible();
    await expect(page.getByText("You don't have enough credits to refine an image. Please upgrade your plan.")).toBeVisible();
    await expect(page.getByLabel('Credit balance: 1')).toBeVisible();
  });

  test('pages through results, compares before and after, downloads and deletes', async ({ page }) => {
    test.setTimeout(240_000);
    const user = await createConfirmedUser(uniqueEmail('gallery'), 'Refine-pass-2026');
    await grantCredits(user.id, 20);
    await signInAs(page, user.email, user.password);
    await page.goto(STUDIO);
    await expect(page.getByLabel('Credit balance: 25')).toBeVisible();

    for (const preset of ['General Enhancement', 'Sharpness & Detail', 'Noise Reduction']) await refine(page, FIXTURES.mug, { preset });
    await refine(page, FIXTURES.bottle, { preset: 'AI Upscaling' });
    await expect(page.getByLabel('Credit balance: 16')).toBeVisible();

    const pager = page.getByRole('navigation', { name: 'Refined images pages' });
    await expect(pager).toContainText('1 of 2');
    await pager.getByRole('button', { name: 'Next page' }).click();
    await expect(pager).toContainText('2 of 2');
    await expect(page.getByRole('button', { name: /^Open General Enhancement/ })).toBeVisible();
    await pager.getByRole('button', { name: 'Page 1' }).click();

    await page.getByRole('button', { name: /^Open AI Upscaling/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('slider', { name: 'Before and after comparison' })).toBeVisible();
    await dialog.getByRole('slider', { name: 'Before and after comparison' }).fill('35');
    await snap(page, 'refine-preview-compare-1280-light');
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toMatch(/^refined-ai-upscaling-.*\.(jpg|png)$/);
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    const zip = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download all 4 images' }).click();
    const zipFile = await zip;
    expect(zipFile.suggestedFilename()).toMatch(/\.zip$/);
    const zipPath = await zipFile.path();
    expect(fs.readFileSync(zipPath).subarray(0, 2).toString()).toBe('PK');

    for (const [viewport, size] of Object.entries(VIEWPORTS)) {
      for (const scheme of ['light', 'dark'] as const) {
        await page.setViewportSize(size);
        await page.emulateMedia({ colorScheme: scheme });
        await snap(page, `refine-gallery-${viewport}-${scheme}`);
      }
    }
    await page.setViewportSize(VIEWPORTS.desktop);

    const tile = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: /^Open Noise Reduction/ }) });
    await tile.hover();
    await tile.getByRole('button', { name: 'Delete Noise Reduction' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Are you absolutely sure?' });
    await expect(confirm).toContainText('This will permanently delete your Noise Reduction from our servers.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Deleted Successfully')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Open Noise Reduction/ })).toHaveCount(0);
    await expect(pager).toHaveCount(0);
  });

  test('refuses a file that is not an image, whatever its name says', async ({ page }) => {
    const user = await createConfirmedUser(uniqueEmail('bad-file'), 'Refine-pass-2026');
    await signInAs(page, user.email, user.password);
    await page.goto(STUDIO);
    await page.getByLabel('Choose an image to refine').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('plain text, not a photo') });
    await expect(page.getByText('Invalid file type')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Error: Please select a supported image format.' })).toBeVisible();
    await page.setViewportSize(VIEWPORTS.mobile);
    await snap(page, 'refine-invalid-file-390-light');
  });
});
