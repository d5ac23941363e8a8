/**
 * What a gallery counts it shows, in the media's own shape and words: studio galleries reach every
 * result the header counts; the library's thumbnails are not cropped and their badge names the
 * placement without covering the picture (the competitor's ad analysed is not among them); a past
 * analysis shows its variations where it counts them.
 * At 1280 and 390 px.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createLibraryUser, type LibraryItemSpec } from './library-support';
import { seedAdAnalysis, VARIATION_SIZES } from './long-text-support';
import { settled, signInAs, snap, VIEWPORTS } from './support';

const BADGES = { feed_square: 'Feed 1:1 Ad', feed_portrait: 'Feed 4:5 Ad', stories_reels: 'Stories & Reels 9:16 Ad' } as const;
const PLACEMENTS = { feed_square: 'Feed 1:1', feed_portrait: 'Feed 4:5', stories_reels: 'Stories & Reels 9:16' } as const;

/** The picture's own width / height, as the browser decoded it. */
const naturalAspect = (img: Locator) => img.evaluate((el: HTMLImageElement) => el.naturalWidth / el.naturalHeight);

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

for (const viewport of Object.values(VIEWPORTS)) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('library thumbnails keep a 4:5 and a 9:16 ad whole, with the placement in a badge below the picture; the past analysis opens its variations', async ({ page }) => {
      test.setTimeout(120_000);
      const user = await createLibraryUser([]);
      await seedAdAnalysis(user.id, 'Summer Skin Sale', 'Fresh greens, fast');
      await signInAs(page, user.email, user.password);

      await page.goto('/dashboard/library?filter=facebook_ad');
      await settled(page);
      await expect(page.getByRole('button', { name: /^Facebook Ads/ })).toHaveAttribute('aria-pressed', 'true');
      for (const size of VARIATION_SIZES) {
        const tile = page.getByRole('article').filter({ hasText: BADGES[size.placement] });
        await expect(tile).toHaveCount(1);
        const img = tile.locator('img');
        await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
        expect(await naturalAspect(img)).toBeCloseTo(size.width / size.height, 2);
        expect(await img.evaluate((el) => getComputedStyle(el).objectFit)).toBe('contain');
        const picture = (await img.boundingBox())!;
        const badge = (await tile.getByText(BADGES[size.placement], { exact: true }).boundingBox())!;
        expect(badge.y).toBeGreaterThanOrEqual(picture.y + picture.height);
      }
      // The competitor's ad itself is not the user's content: not in the library (the analyzer keeps it).
      await expect(page.getByRole('article')).toHaveCount(VARIATION_SIZES.length);
      await expect(page.getByRole('article', { name: 'Ad analysis - Summer Skin Sale' })).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await snap(page, `galleries-library-ads-${viewport.width}`);

      await page.goto('/dashboard/competitor-ad-analyzer');
      await settled(page);
      const count = page.getByRole('button', { name: '3 variations' });
      await count.click();
      await expect(count).toHaveAttribute('aria-expanded', 'true');
      const gallery = page.getByRole('list', { name: 'Variations of Summer Skin Sale' });
      await expect(gallery.getByRole('listitem')).toHaveCount(3);
      for (const size of VARIATION_SIZES) {
        const item = gallery.getByRole('listitem').filter({ has: page.getByText(PLACEMENTS[size.placement], { exact: true }) });
        await expect(item).toHaveCount(1);
        const img = item.locator('img');
        await expect(img).toBeVisible();
        await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
        expect(await naturalAspect(img)).toBeCloseTo(size.width / size.height, 2);
        expect(await img.evaluate((el) => getComputedStyle(el).objectFit)).toBe('contain');
        await expect(item.getByRole('button', { name: /^Download / })).toBeVisible();
      }
      await expectNoSidewaysScroll(page);
      await snap(page, `galleries-past-variations-${viewport.width}`);

      const story = gallery.getByRole('listitem').filter({ has: page.getByText('Stories & Reels 9:16', { exact: true }) });
      const download = page.waitForEvent('download');
      await story.getByRole('button', { name: /^Download / }).click();
      expect((await download).suggestedFilename()).toMatch(/^ad-stories_reels-.*\.jpg$/);
      await story.getByRole('link', { name: /in the library$/ }).click();
      await expect(page).toHaveURL(/\/dashboard\/library\?filter=facebook_ad&q=/);
      await expect(page.getByRole('article', { name: 'Fresh greens, fast — Bold 3' })).toBeVisible();
      await expect(page.getByRole('article')).toHaveCount(1);
    });

    test('studio galleries reach every result they count, in the words of their media', async ({ page }) => {
      test.setTimeout(120_000);
      const items: LibraryItemSpec[] = [
        ...Array.from({ length: 6 }, (_, i) => ({ type: 'lightbox' as const, name: `Mug ${i + 1}`, createdAt: `2026-11-0${i + 1}T10:00:00Z`, credits: 1 })),
        { type: 'ugc_video', name: 'Serum ad', createdAt: '2026-11-10T10:00:00Z', credits: 5 },
        { type: '360_video', name: 'Sneaker spin A', createdAt: '2026-11-11T10:00:00Z', credits: 5 },
        { type: '360_video', name: 'Sneaker spin B', createdAt: '2026-11-12T10:00:00Z', credits: 5 },
      ];
      const user = await createLibraryUser(items);
      await signInAs(page, user.email, user.password);

      await page.goto('/dashboard/lightbox');
      await settled(page);
      await expect(page.getByRole('button', { name: 'Download all 6 images' })).toBeEnabled();
      const tiles = page.getByRole('button', { name: /^Open Mug \d/ });
      await expect(tiles).toHaveCount(3);
      const pager = page.getByRole('navigation', { name: 'Lightbox images pages' });
      await pager.scrollIntoViewIfNeeded();
      await expect(pager).toBeInViewport();
      await expect(pager).toContainText('1 of 2');
      await snap(page, `galleries-lightbox-paged-${viewport.width}`);
      await pager.getByRole('button', { name: 'Show all 6 images' }).click();
      await expect(tiles).toHaveCount(6);
      for (let i = 1; i <= 6; i++) await expect(page.getByRole('button', { name: new RegExp(`^Open Mug ${i},`) })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await snap(page, `galleries-lightbox-all-${viewport.width}`);

      await page.goto('/dashboard/ugc-studio');
      await settled(page);
      await expect(page.getByRole('button', { name: 'Download video' })).toBeEnabled();
      await expect(page.getByRole('button', { name: /images/ })).toHaveCount(0);

      await page.goto('/dashboard/360-video');
      await settled(page);
      await expect(page.getByRole('button', { name: 'Download all 2 videos' })).toBeEnabled();
      await expect(page.getByRole('button', { name: 'Clear all videos' })).toBeEnabled();
      await expect(page.getByRole('button', { name: /^Open Sneaker spin/ })).toHaveCount(2);
    });
  });
}
