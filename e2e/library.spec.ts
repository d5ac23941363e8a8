import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { createLibraryUser, LIBRARY_ITEMS, storedContentCount } from './library-support';
import { signInAs, snap, VIEWPORTS } from './support';

const tiles = (page: Page) => page.getByTestId('content-tile');
const tileNames = (page: Page) => tiles(page).locator('h3').allTextContents();
const chip = (page: Page, label: string) => page.getByRole('group', { name: 'Filter by type' }).getByRole('button', { name: new RegExp(`^${label}`) });

async function openLibrary(page: Page, email: string, password: string) {
  await signInAs(page, email, password);
  await page.goto('/dashboard/library');
  await expect(page.getByRole('heading', { level: 1, name: 'Content Library' })).toBeVisible();
  await expect(tiles(page)).toHaveCount(LIBRARY_ITEMS.length);
}

/**
 * The grid is virtualised: only rows near the viewport exist in the DOM. The phone run keeps the
 * 390 px width but a tall window so all five tiles are rendered and can be counted.
 */
const TEST_VIEWPORTS = { desktop: VIEWPORTS.desktop, mobile: { width: VIEWPORTS.mobile.width, height: 2800 } } as const;

for (const [viewport, size] of Object.entries(TEST_VIEWPORTS)) {
  test.describe(`content library at ${size.width} px`, () => {
    test.use({ viewport: size });
    test.setTimeout(120_000);

    test('filters, searches, sorts, previews an image and a video, downloads and deletes one item', async ({ page }) => {
      const user = await createLibraryUser();
      await openLibrary(page, user.email, user.password);

      await expect(page.getByText('YOUR GENERATED CONTENT ORGANIZED BY TYPE')).toBeVisible();
      await expect(page.getByText('5 credits remaining')).toBeVisible();
      await expect(chip(page, 'All Content')).toHaveAccessibleName('All Content 5');
      await expect(chip(page, 'Lightbox')).toHaveAccessibleName('Lightbox 2');
      await expect(chip(page, 'Facebook Ads')).toHaveAccessibleName('Facebook Ads 0');
      // Newest first by default.
      expect((await tileNames(page))[0]).toBe('Skincare Serum UGC Ad');
      await expect(tiles(page).first().locator('video')).toHaveCount(1);
      await expect(tiles(page).first()).toContainText('5 credits used');
      await page.setViewportSize(VIEWPORTS[viewport as keyof typeof VIEWPORTS]);
      await snap(page, `library-${viewport}-light`);
      await page.emulateMedia({ colorScheme: 'dark' });
      await snap(page, `library-${viewport}-dark`);
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize(size);

      await chip(page, 'Lightbox').click();
      await expect(tiles(page)).toHaveCount(2);
      await expect(tiles(page).getByText('Lightbox Image', { exact: true })).toHaveCount(2);
      await chip(page, 'Facebook Ads').click();
      await expect(page.getByText('No content found')).toBeVisible();
      await expect(page.getByText('No Facebook Ads found.')).toBeVisible();
      await chip(page, 'All Content').click();

      await page.getByRole('searchbox', { name: 'Search your content' }).fill('mug');
      await expect(tiles(page)).toHaveCount(1);
      await expect(tiles(page).first()).toContainText('Ceramic Mug - White Studio');
      await page.getByRole('button', { name: 'Clear search' }).click();
      await expect(tiles(page)).toHaveCount(5);

      await page.getByRole('button', { name: 'Sort by Date' }).click();
      await expect(tiles(page).first()).toContainText('Ceramic Mug - White Studio');
      await page.getByRole('button', { name: /^Sort options/ }).click();
      await page.getByRole('menuitemradio', { name: 'Name' }).click();
      await expect.poll(() => tileNames(page)).toEqual([...LIBRARY_ITEMS.map((i) => i.name)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
      // Another field is the sort now: the date toggle no longer shows as the active one.
      await expect(page.getByRole('button', { name: 'Sort by Date' })).toHaveAttribute('aria-pressed', 'false');
      await page.getByRole('button', { name: /^Sort options/ }).click();
      await page.getByRole('menuitemradio', { name: 'Credits' }).click();
      await page.getByRole('button', { name: /^Sort options/ }).click();
      await page.getByRole('menuitemradio', { name: 'Descending' }).click();
      await expect(tiles(page).first()).toContainText('5 credits used');

      // Preview an image, then a video.
      await page.getByRole('button', { name: 'Preview Ceramic Mug - White Studio' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('img', { name: 'Ceramic Mug - White Studio' })).toBeVisible();
      await expect.poll(() => dialog.getByRole('img', { name: 'Ceramic Mug - White Studio' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(600);
      await snap(page, `library-${viewport}-preview-image`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Preview Sneaker 360° Spin' }).click();
      const video = page.getByRole('dialog').locator('video');
      await expect(video).toHaveAttribute('controls', '');
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(0);
      await page.keyboard.press('Escape');

      // Download keeps the item's name.
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download Leather Wallet - Soft Shadow' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('Leather Wallet - Soft Shadow.png');
      await expect(page.getByText('Leather Wallet - Soft Shadow has been downloaded.')).toBeVisible();
      // The toast is closed as a user would: on a phone it can slide in over the card's buttons (a
      // fresh-clone run's Delete click landed on it).
      await page.getByRole('region', { name: /^Notifications/ }).getByRole('button', { name: 'Close toast' }).click();
      await expect(page.getByText('Leather Wallet - Soft Shadow has been downloaded.')).toBeHidden();

      // Delete one, after Cancel first.
      await page.getByRole('button', { name: 'Delete Leather Wallet - Soft Shadow' }).click();
      await expect(page.getByRole('alertdialog')).toContainText('Are you absolutely sure?');
      await expect(page.getByRole('alertdialog')).toContainText(
        'This action cannot be undone. This will permanently delete your Leather Wallet - Soft Shadow from our servers.',
      );
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(tiles(page)).toHaveCount(5);
      await page.getByRole('button', { name: 'Delete Leather Wallet - Soft Shadow' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText('Leather Wallet - Soft Shadow has been removed from your library.')).toBeVisible();
      await expect(tiles(page)).toHaveCount(4);
      expect(await storedContentCount(user.id)).toBe(4);
    });

    test('selects tiles by mouse and keyboard, downloads them as one ZIP and bulk-deletes with confirmation', async ({ page }) => {
      const user = await createLibraryUser();
      await openLibrary(page, user.email, user.password);

      await page.getByRole('button', { name: 'Select Multiple' }).click();
      await expect(page.getByText('Select Mode Active - Click tiles to select items')).toBeVisible();
      await expect(page.getByText('0 selected')).toBeVisible();
      await page.getByRole('checkbox', { name: 'Select Ceramic Mug - White Studio' }).click();
      const spin = page.getByRole('checkbox', { name: 'Select Sneaker 360° Spin' });
      await spin.focus();
      await page.keyboard.press('Space');
      await expect(spin).toHaveAttribute('aria-checked', 'true');
      await expect(page.getByText('2 selected')).toBeVisible();
      await snap(page, `library-${viewport}-bulk`);

      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download ZIP' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^shotcraft-library-2-items-\d{4}-\d{2}-\d{2}\.zip$/);
      const zip = fs.readFileSync(await download.path());
      expect(zip.subarray(0, 2).toString()).toBe('PK');
      expect(zip.includes(Buffer.from('Ceramic Mug - White Studio.png'))).toBe(true);
      expect(zip.includes(Buffer.from('Sneaker 360° Spin.mp4'))).toBe(true);
      await expect(page.getByText('2 items have been downloaded.')).toBeVisible();

      await page.getByRole('button', { name: 'Select All' }).click();
      await expect(page.getByText('5 selected')).toBeVisible();
      await page.getByRole('button', { name: 'Deselect All' }).click();
      await expect(page.getByText('0 selected')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Delete', exact: true })).toBeDisabled();
      await page.getByRole('button', { name: 'Select All' }).click();

      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      const confirm = page.getByRole('alertdialog');
      await expect(confirm).toContainText('This action cannot be undone. This will permanently delete your 5 selected items from our servers.');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText('5 items have been removed from your library.')).toBeVisible();
      await expect(page.getByText('No content found')).toBeVisible();
      await expect(page.getByText("You haven't generated any content yet. Start creating to see your content here.")).toBeVisible();
      // A successful bulk delete ends bulk mode.
      await expect(page.getByRole('button', { name: 'Select Multiple' })).toBeVisible();
      expect(await storedContentCount(user.id)).toBe(0);
      await snap(page, `library-${viewport}-empty`);
    });
  });
}
