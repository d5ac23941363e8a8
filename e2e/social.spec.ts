import { expect, test } from '@playwright/test';
import { e2eEnv } from './env';
import { uniqueEmail } from './refine-support';
import { connectFromSettings, refineAndShare } from './social-support';
import { createConfirmedUser, signInAs, snap, VIEWPORTS } from './support';

test.describe('posting to social platforms', () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    test(`at ${viewport.width} px: a refined image goes to Instagram and X, the caption shortened for X on one click`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(viewport);
      const user = await createConfirmedUser(uniqueEmail(`social-${name}`), 'Social-pass-2026');
      await signInAs(page, user.email, user.password);
      await connectFromSettings(page, 'Instagram');
      await connectFromSettings(page, 'X');
      const dialog = await refineAndShare(page);
      await dialog.getByRole('button', { name: 'Instagram @shotcraft.demo' }).click();
      await dialog.getByRole('button', { name: 'X @shotcraftdemo' }).click();
      const marker = `mug-${Date.now()}`;
      const caption = `Our ceramic mug ${marker} keeps coffee hot for hours, fits every hand, and looks good on any shelf. ${'Glazed by hand in small batches, each one a little different from the next. '.repeat(3)}#ceramics #coffee`;
      await dialog.getByLabel('Caption', { exact: true }).fill(caption);
      const xChecks = dialog.getByRole('region', { name: 'X checks' });
      await expect(xChecks).toContainText('the limit is 280');
      await expect(dialog.getByRole('region', { name: 'Instagram checks' })).toHaveCount(0);
      await snap(page, `social-share-flagged-${viewport.width}`);
      await xChecks.getByRole('button', { name: 'Shorten for X' }).click();
      await expect(xChecks.getByLabel('X caption')).toHaveValue(/… #ceramics #coffee$/);
      await expect(xChecks).not.toContainText('the limit is 280');

      await dialog.getByRole('button', { name: 'Post', exact: true }).click();
      await expect(page.getByText('Posted to 2 platforms')).toBeVisible({ timeout: 30_000 });
      await expect(dialog.getByRole('list', { name: 'Results' }).getByText('Posted successfully')).toHaveCount(2);
      await snap(page, `social-share-posted-${viewport.width}`);
      await dialog.getByRole('button', { name: 'Done' }).click();
      await expect(dialog).toBeHidden();

      // The platforms have them: the stand-ins' page of what was posted.
      await page.goto(`http://127.0.0.1:${e2eEnv.platformsPort}/posts`);
      await expect(page.getByText(marker)).toHaveCount(2);

      // And Settings → Posts lists both as posted.
      await page.goto('/settings?tab=posts');
      const posts = page.getByRole('list', { name: 'Posts' });
      await expect(posts.getByText('Posted', { exact: true })).toHaveCount(2);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
