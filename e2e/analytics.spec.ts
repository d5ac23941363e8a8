import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { e2eEnv } from './env';
import { uniqueEmail } from './refine-support';
import { connectFromSettings, refineAndShare } from './social-support';
import { createConfirmedUser, e2eStatus, signInAs, snap, VIEWPORTS } from './support';

async function setPlan(userId: string, plan: string) {
  const client = new pg.Client({ connectionString: e2eStatus().db_url });
  await client.connect();
  try {
    await client.query('update public.profiles set plan = $2 where user_id = $1', [userId, plan]);
  } finally {
    await client.end();
  }
}

/** Makes the stand-ins' posts with this text two hours old, so they have figures worth showing. */
async function agePosts(text: string) {
  const base = `http://127.0.0.1:${e2eEnv.platformsPort}`;
  const posts = (await (await fetch(`${base}/_devstack/posts`)).json()) as { id: string; platform: string; text: string }[];
  for (const p of posts.filter((p) => p.text.includes(text))) {
    await fetch(`${base}/_devstack/posts/${encodeURIComponent(p.id)}/age`, { method: 'POST', body: JSON.stringify({ minutes: 120, platform: p.platform }) });
  }
}

async function postToX(page: Page, marker: string) {
  await connectFromSettings(page, 'X');
  const dialog = await refineAndShare(page);
  await dialog.getByRole('button', { name: 'X @shotcraftdemo' }).click();
  await dialog.getByLabel('Caption', { exact: true }).fill(`New mug ${marker} #ceramics`);
  await dialog.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText('Posted to 1 platform')).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Done' }).click();
}

test.describe('social analytics', () => {
  test('a professional user posts, syncs, and sees the figures, the trend and the post; exports CSV', async ({ page }) => {
    test.setTimeout(180_000);
    const user = await createConfirmedUser(uniqueEmail('analytics'), 'Analytics-pass-2026');
    await setPlan(user.id, 'professional');
    await signInAs(page, user.email, user.password);
    const marker = `stats-${Date.now()}`;
    await postToX(page, marker);
    await agePosts(marker);

    await page.goto('/dashboard/social-analytics');
    await expect(page.getByRole('heading', { name: 'Social Analytics' })).toBeVisible();
    await expect(page.getByText('Not synced yet')).toBeVisible();
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect(page.getByText('Synced 1 account')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/Last synced (just now|\d+ seconds? ago)/)).toBeVisible();

    const impressions = page.getByRole('region', { name: 'Totals' }).getByText(/^[1-9][\d,]*$/).first();
    await expect(impressions).toBeVisible();
    await expect(page.locator('figure .recharts-surface')).toBeVisible();
    const table = page.getByRole('region', { name: 'Posts and their figures' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table).toContainText(marker);
    await snap(page, 'analytics-1280-light');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Posts CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^social-analytics-posts-.*\.csv$/);

    await page.emulateMedia({ colorScheme: 'dark' });
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await snap(page, 'analytics-1280-dark');

    await page.setViewportSize(VIEWPORTS.mobile);
    await expect(page.getByRole('region', { name: 'Totals' })).toBeVisible();
    // The chart follows the new width when its ResizeObserver fires, a frame or two after the resize.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await snap(page, 'analytics-390-dark');
  });

  test('a trial user opening the page directly sees the lock', async ({ page }) => {
    const user = await createConfirmedUser(uniqueEmail('analytics-trial'), 'Analytics-pass-2026');
    await signInAs(page, user.email, user.password);
    await page.goto('/dashboard/social-analytics');
    await expect(page.getByText('Upgrade to Professional')).toBeVisible();
    await expect(page.getByRole('link', { name: 'See plans' })).toBeVisible();
  });
});
