/**
 * From one product photo to a week of posts: a new seller uploads one photo, makes an Amazon image
 * of it in Lightbox, then a UGC video and three ad variations from the library without uploading
 * again, plans a campaign of 7 posts over a week on two platforms, moves one in the calendar, and
 * sees them go out on the platform stand-ins (the scheduler's clock is advanced, never slept).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { makeTestAd } from '@shotcraft/worker/src/studios/competitor-ad/test-ads.ts';
import { FIXTURES, grantCredits, uniqueEmail } from './refine-support';
import { connectFromSettings } from './social-support';
import { createConfirmedUser, e2eStatus, signInAs, snap, VIEWPORTS } from './support';

let adFile: string;

test.beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-e2e-'));
  adFile = path.join(dir, 'competitor-ad.png');
  fs.writeFileSync(adFile, (await makeTestAd('square')).png);
});

/** The next Monday at least two days away, as the date input takes it: the week fits one week view. */
function nextMonday(): string {
  const d = new Date();
  d.setDate(d.getDate() + 2);
  while (d.getDay() !== 1) d.setDate(d.getDate() + 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Lightbox from an upload: the only time the photo crosses the network. */
async function amazonImage(page: Page, product: string) {
  await page.goto('/dashboard/lightbox');
  await page.getByLabel('Choose a product photo').setInputFiles(FIXTURES.mug);
  await page.getByLabel('Product name').fill(product);
  await page.getByRole('button', { name: 'Create Lightbox Image' }).click();
  await expect(page.getByText('Your lightbox image is ready.')).toBeVisible({ timeout: 90_000 });
}

/** Picks library items in the picker dialog (by a filter chip and the tile's name), then confirms. */
async function pickFromLibrary(page: Page, picks: { filter: string; name: RegExp; count?: number }[], confirm: RegExp) {
  const dialog = page.getByRole('dialog', { name: 'Choose from your library' });
  await expect(dialog).toBeVisible();
  for (const { filter, name, count = 1 } of picks) {
    await dialog.getByRole('button', { name: filter, exact: true }).click();
    const tiles = dialog.getByRole('button', { name, pressed: false });
    for (let i = 0; i < count; i++) await tiles.first().click();
  }
  await dialog.getByRole('button', { name: confirm }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
}

/** The scheduler's clock: every scheduled post of the user is due now, then the publisher runs once. */
async function sendDuePosts(userId: string) {
  const status = e2eStatus();
  const db = new pg.Client({ connectionString: status.db_url });
  await db.connect();
  try {
    await db.query(`update public.social_posts set scheduled_for = now() - interval '1 second' where user_id = $1 and status = 'scheduled'`, [userId]);
  } finally {
    await db.end();
  }
  const res = await fetch(`${status.api_url}/functions/v1/social-publish-due`, { method: 'POST', headers: { Authorization: `Bearer ${status.service_role_key}`, 'Content-Type': 'application/json' }, body: '{}' });
  expect(res.ok).toBe(true);
}

async function standInPosts(text: string): Promise<{ platform?: string; text?: string }[]> {
  const res = await fetch(`${e2eStatus().platforms_url}/_devstack/posts`);
  const body = (await res.json()) as { posts?: { text?: string }[] } | { text?: string }[];
  const list = Array.isArray(body) ? body : (body.posts ?? []);
  return list.filter((p) => typeof p.text === 'string' && p.text.includes(text));
}

test.describe('From one photo to a week of posts', () => {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    const phone = size === 'mobile';
    test(`at ${viewport.width} px: Lightbox from an upload, a UGC video and three ad variations from the library, a planned week on two platforms, one post moved, all sent`, async ({ page }) => {
      test.setTimeout(420_000);
      await page.setViewportSize(viewport);
      const product = `${phone ? 'Wallet' : 'Mug'} ${Math.floor(Math.random() * 1e6)}`;
      const user = await createConfirmedUser(uniqueEmail(`chain-${size}`), 'Chain-pass-2026');
      await grantCredits(user.id, 20);
      await signInAs(page, user.email, user.password);
      await connectFromSettings(page, 'Facebook');
      await connectFromSettings(page, 'Pinterest');

      // 1. One upload: the Amazon image.
      await amazonImage(page, product);
      // Every upload from here on is counted, but the competitor's ad (a new file of someone else's).
      const uploads: string[] = [];
      let counting = true;
      page.on('request', (r) => {
        if (counting && r.method() === 'PUT' && r.url().includes('/storage/v1/object/upload/sign/raw-uploads/')) uploads.push(r.url());
      });

      // 2. A UGC video from that image, taken from the library.
      await page.goto('/dashboard/ugc-studio');
      await page.getByRole('button', { name: 'From library' }).click();
      await pickFromLibrary(page, [{ filter: 'Lightbox', name: new RegExp(product) }], /^Use 1 image$/);
      await expect(page.getByRole('list', { name: 'Product photos' }).getByRole('listitem')).toHaveCount(1);
      await page.getByLabel('Product name').fill(product);
      await page.getByLabel('Benefit 1', { exact: true }).fill('keeps coffee hot for an hour');
      await page.getByRole('button', { name: 'Write my scripts' }).click();
      await page.getByRole('button', { name: 'Render Video' }).click();
      await expect(page.getByText('Your video ad is ready.')).toBeVisible({ timeout: 120_000 });

      // 3. Three ad variations whose product photo is the same library image.
      await page.goto('/dashboard/competitor-ad-analyzer');
      await page.getByLabel('Choose the ad').setInputFiles(adFile);
      counting = false;
      await page.getByRole('button', { name: 'Analyze Ad' }).click();
      await expect(page.getByText('Your analysis is ready.')).toBeVisible({ timeout: 90_000 });
      counting = true;
      await page.getByRole('button', { name: 'From library' }).click();
      await pickFromLibrary(page, [{ filter: 'Lightbox', name: new RegExp(product) }], /^Use this image$/);
      await page.getByLabel('Your headline').fill(`${product} deal`);
      await page.getByLabel('Your call to action').fill('Order now');
      await page.getByRole('checkbox', { name: /Feed 1:1/ }).click();
      await page.getByRole('checkbox', { name: /Stories & Reels/ }).click();
      await page.getByRole('button', { name: 'Generate Variations' }).click();
      await expect(page.getByRole('list', { name: 'Variations' }).locator(':scope > li')).toHaveCount(3, { timeout: 90_000 });

      // Refine takes it from the library too (chosen, not run).
      await page.goto('/dashboard/refine-image');
      await page.getByRole('button', { name: 'From library' }).click();
      await pickFromLibrary(page, [{ filter: 'Lightbox', name: new RegExp(product) }], /^Use this image$/);
      await expect(page.getByRole('img', { name: new RegExp(`^Selected: .*${product}`) })).toBeVisible();
      // Nothing was uploaded again: the library image was copied inside storage.
      expect(uploads).toEqual([]);

      // The UGC video says what it was made from.
      await page.goto('/dashboard/library?filter=ugc_video');
      await page.getByRole('button', { name: `Preview ${product}` }).click();
      await expect(page.getByRole('dialog').getByText('Made from')).toBeVisible();
      await page.keyboard.press('Escape');
      // So does an ad variation.
      await page.goto('/dashboard/library?filter=facebook_ad');
      await page.getByRole('button', { name: new RegExp(`^Preview ${product} deal`) }).first().click();
      await expect(page.getByRole('dialog').getByText('Made from')).toBeVisible();
      await page.keyboard.press('Escape');

      // 4. Plan a week: the Amazon image and the three variations on Facebook and Pinterest.
      await page.goto('/dashboard/calendar');
      await page.getByRole('button', { name: 'Plan a week' }).click();
      const planner = page.getByRole('dialog', { name: 'Plan a week' });
      await planner.getByLabel('Campaign name').fill(`${product} launch`);
      await planner.getByLabel('Product (for captions)').fill(product);
      await planner.getByRole('button', { name: 'Choose from library' }).click();
      await pickFromLibrary(page, [{ filter: 'Lightbox', name: new RegExp(product) }, { filter: 'Ad variations', name: new RegExp(product), count: 3 }], /^Use 4 items$/);
      await planner.getByRole('checkbox', { name: /^Facebook/ }).check();
      await planner.getByRole('checkbox', { name: /^Pinterest/ }).check();
      await planner.getByLabel('First day').fill(nextMonday());
      await planner.getByRole('button', { name: 'Propose a schedule' }).click();
      await expect(planner.getByText('8 posts proposed')).toBeVisible();
      // Seven posts: Thursday's Pinterest post goes.
      await planner.getByRole('button', { name: /^Remove .* on Pinterest$/ }).last().click();
      await expect(planner.getByText('7 posts proposed')).toBeVisible();
      if (phone) expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await snap(page, `chain-plan-${viewport.width}`);
      await planner.getByRole('button', { name: 'Schedule 7 posts' }).click();
      await expect(page.getByText('7 posts scheduled')).toBeVisible();

      // 5. The week in the calendar; Wednesday's Pinterest post moves to Friday: dragged on a
      // computer, its time changed in the post on a phone (the day list).
      await page.getByRole('button', { name: 'Week', exact: true }).click();
      const scope = phone ? page : page.getByRole('group', { name: /^Calendar, / });
      const day = (name: string) => (phone ? page.getByRole('region', { name: new RegExp(`^${name}`) }) : scope.getByRole('group', { name: new RegExp(`^${name}`) }));
      await expect(scope.getByRole('button', { name: /^Scheduled on / }).filter({ visible: true })).toHaveCount(7);
      const wednesday = day('Wednesday');
      if (phone) {
        await wednesday.getByRole('button', { name: /^Scheduled on Pinterest/ }).click();
        const post = page.getByRole('dialog');
        const time = post.getByLabel('Time');
        const at = new Date(await time.inputValue());
        at.setDate(at.getDate() + 2);
        const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
        await time.fill(local);
        await post.getByRole('button', { name: 'Save' }).click();
        await expect(page.getByText('Scheduled post updated')).toBeVisible();
      } else {
        await wednesday.getByRole('button', { name: /^Scheduled on Pinterest/ }).dragTo(day('Friday'));
        await expect(page.getByText(/^Moved to Friday/)).toBeVisible();
      }
      await expect(day('Friday').getByRole('button', { name: /^Scheduled on Pinterest/ })).toHaveCount(1);
      await expect(wednesday.getByRole('button', { name: /^Scheduled on Pinterest/ })).toHaveCount(0);
      await snap(page, `chain-calendar-week-${viewport.width}`);
      if (!phone) {
        await page.getByRole('button', { name: 'Month', exact: true }).click();
        await page.emulateMedia({ colorScheme: 'dark' });
        await snap(page, 'chain-calendar-month-1280-dark');
        await page.emulateMedia({ colorScheme: 'light' });
      }

      // 6. Their time comes: all seven go out, each once, on the stand-ins.
      await sendDuePosts(user.id);
      await expect.poll(async () => (await standInPosts(product)).length, { timeout: 30_000 }).toBe(7);
      // Today's month (they went out now): all seven, posted.
      await page.reload();
      await expect(scope.getByRole('button', { name: /^Posted on / }).filter({ visible: true })).toHaveCount(7, { timeout: 30_000 });
    });
  }
});
