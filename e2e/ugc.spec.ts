import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { e2eEnv } from './env';
import { uniqueEmail } from './refine-support';
import { createConfirmedUser, signInAs, snap, VIEWPORTS } from './support';

let photos: string[];

test.beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ugc-e2e-'));
  photos = await Promise.all(
    ['#c0392b', '#2980b9', '#27ae60'].map(async (colour, i) => {
      const file = path.join(dir, `flask-${i + 1}.jpg`);
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><rect width="100%" height="100%" fill="#f1f1f1"/><rect x="300" y="150" width="200" height="500" rx="40" fill="${colour}"/></svg>`;
      await sharp(Buffer.from(svg)).jpeg().toFile(file);
      return file;
    }),
  );
});

/** The product step, then the scripts (in a page or inside the embedded form's frame). */
async function describeProduct(scope: Page | FrameLocator) {
  await scope.getByLabel('Choose product photos').setInputFiles(photos);
  await expect(scope.getByRole('list', { name: 'Product photos' }).getByRole('listitem')).toHaveCount(3);
  await scope.getByLabel('Product name').fill('Arctic Flask');
  await scope.getByLabel('Benefit 1', { exact: true }).fill('keeps drinks cold for 24 hours');
  await scope.getByRole('button', { name: 'Add a benefit' }).click();
  await scope.getByLabel('Benefit 2', { exact: true }).fill('leak-proof lid');
  await scope.getByLabel('Price or offer').fill('20% off this week');
  await scope.getByRole('button', { name: 'Write my scripts' }).click();
  await expect(scope.getByRole('radio', { name: /Problem → solution/ })).toBeChecked();
}

/** A rendered video plays in the page. A render can take a while on a busy 2-core machine: `timeout`. */
async function playsInPage(page: Page, name: string, timeout = 60_000) {
  const video = page.getByLabel(name);
  await expect(video).toBeVisible({ timeout });
  const played = await video.evaluate(async (el: HTMLVideoElement) => {
    el.muted = true;
    await el.play();
    await new Promise((r) => setTimeout(r, 700));
    return { time: el.currentTime, width: el.videoWidth, height: el.videoHeight };
  });
  expect(played.time).toBeGreaterThan(0.2);
  return played;
}

test.describe('UGC Video Creator', () => {
  test('three hooks, a free preview, then a captioned 9:16 ad rendered for 5 credits and played in the page', async ({ page }) => {
    test.setTimeout(150_000);
    const user = await createConfirmedUser(uniqueEmail('ugc'), 'Ugc-pass-2026');
    await signInAs(page, user.email, user.password);
    await page.goto('/dashboard/ugc-studio');
    await expect(page.getByRole('heading', { name: 'UGC Video Creator' })).toBeVisible();
    await describeProduct(page);
    await page.getByRole('radio', { name: /Testimonial/ }).click();
    const first = page.getByLabel('Scene 1 line');
    await first.fill('I did not expect a water bottle to change my mornings.');
    await expect(page.getByText(/Spoken length: about/)).toBeVisible();

    await page.getByRole('button', { name: 'Preview this script' }).click();
    const previewVideo = await playsInPage(page, 'Preview: Testimonial');
    expect([previewVideo.width, previewVideo.height]).toEqual([270, 480]);
    await expect(page.getByText('19 free previews left this hour.')).toBeVisible();
    await expect(page.getByLabel('Credit balance: 5')).toBeVisible();

    await page.getByRole('button', { name: 'Render Video' }).click();
    await expect(page.getByText('Your video ad is ready.')).toBeVisible({ timeout: 90_000 });
    const ad = await playsInPage(page, 'Video ad: Arctic Flask');
    // 9:16 at the e2e worker's render scale (tests/worker checks the full 1080×1920).
    expect([ad.width, ad.height]).toEqual([1080 * e2eEnv.ugcRenderScale, 1920 * e2eEnv.ugcRenderScale]);
    await expect(page.getByLabel('Credit balance: 0')).toBeVisible();
    await snap(page, 'ugc-1280-light');
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });

  test('on a phone: product, scripts, preview and render, nothing wider than the screen', async ({ page }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(VIEWPORTS.mobile);
    const user = await createConfirmedUser(uniqueEmail('ugc-phone'), 'Ugc-pass-2026');
    await signInAs(page, user.email, user.password);
    await page.goto('/dashboard/ugc-studio');
    await describeProduct(page);
    await page.getByRole('radio', { name: /Unboxing/ }).click();
    await page.getByRole('button', { name: 'Preview this script' }).click();
    await playsInPage(page, 'Preview: Unboxing / first impression');
    await page.getByRole('button', { name: 'Render Video' }).click();
    await expect(page.getByText('Your video ad is ready.')).toBeVisible({ timeout: 90_000 });
    await playsInPage(page, 'Video ad: Arctic Flask');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(page, 'ugc-390-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await snap(page, 'ugc-390-dark');
  });

  for (const [width, viewport] of [[1280, VIEWPORTS.desktop], [390, VIEWPORTS.mobile]] as const) {
    test(`at ${width} px a reload brings the draft back with its photos and the line the user wrote, kept through Edit product`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(viewport);
      const user = await createConfirmedUser(uniqueEmail(`ugc-reload-${width}`), 'Ugc-pass-2026');
      await signInAs(page, user.email, user.password);
      await page.goto('/dashboard/ugc-studio');
      await describeProduct(page);
      const mine = 'Honestly, this flask goes everywhere with me now.';
      await page.getByLabel('Scene 2 line').fill(mine);
      await page.getByRole('button', { name: 'Edit product' }).click();
      await page.getByLabel('Choose product photos').setInputFiles(photos[0]!);
      await page.getByRole('button', { name: 'Write my scripts' }).click();
      await expect(page.getByLabel('Scene 2 line')).toHaveValue(mine);
      await expect(page.getByText('The line you wrote was kept.')).toBeVisible();

      // Every photo is in storage before the page goes.
      const stored = () => page.evaluate(() => (JSON.parse(localStorage.getItem('shotcraft:ugc-project') ?? '{}') as { photos?: { path?: string }[] }).photos?.filter((p) => p.path).length);
      await expect.poll(stored, { timeout: 30_000 }).toBe(4);
      await page.reload();
      await expect(page.getByText(/· 4 photos ·/)).toBeVisible();
      await expect(page.getByLabel('Scene 2 line')).toHaveValue(mine);
      await expect(page.getByText('Your words')).toBeVisible();
      await page.getByRole('button', { name: 'Edit product' }).click();
      const thumbs = page.getByRole('list', { name: 'Product photos' }).getByRole('img');
      await expect(thumbs).toHaveCount(4);
      await expect.poll(() => thumbs.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).naturalWidth > 0))).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await snap(page, `ugc-reload-product-${width}`);
      await page.getByRole('button', { name: 'Back to the script' }).click();
      await expect(page.getByLabel('Scene 2 line')).toHaveValue(mine);
      await snap(page, `ugc-reload-script-${width}`);
      if (width === 390) return;

      // The restored draft renders: no "Add at least one product photo".
      await page.getByRole('button', { name: 'Render Video' }).click();
      await expect(page.getByText('Your video ad is ready.')).toBeVisible({ timeout: 90_000 });
      await playsInPage(page, 'Video ad: Arctic Flask');
    });
  }

  test('/embedded inside another site tells that page when the video is done', async ({ page, baseURL }) => {
    test.setTimeout(150_000);
    const user = await createConfirmedUser(uniqueEmail('ugc-embed'), 'Ugc-pass-2026');
    await signInAs(page, user.email, user.password);
    // A shop's page on another origin (a real local server: Chromium's local-network checks
    // refuse a loopback iframe inside a page that has no address), embedding the form.
    const shop = http.createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' }).end(
        `<!doctype html><title>Shop</title><script>window.got=[];addEventListener('message',(e)=>window.got.push({origin:e.origin,data:e.data}));</script>
          <iframe title="Video form" src="${baseURL}/embedded?parent=${encodeURIComponent(parent)}" style="width:420px;height:900px"></iframe>`,
      );
    });
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    const parent = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
    await page.goto(`${parent}/shop.html`);
    const form = page.frameLocator('iframe[title="Video form"]');
    await describeProduct(form);
    await form.getByRole('button', { name: 'Render Video' }).click();
    await expect(form.getByText('Your video ad is ready.')).toBeVisible({ timeout: 90_000 });
    await expect.poll(() => page.evaluate(() => (window as unknown as { got: unknown[] }).got.length)).toBe(1);
    const [message] = await page.evaluate(() => (window as unknown as { got: { origin: string; data: { type: string; video: { title: string; url: string } } }[] }).got);
    expect(message!.origin).toBe(new URL(baseURL!).origin);
    expect(message!.data).toMatchObject({ type: 'shotcraft:video-ready', video: { title: 'Arctic Flask' } });
    shop.close();
  });

  test('signed out, /create writes scripts and /binder plays samples without an account', async ({ page }) => {
    await page.goto('/create');
    await expect(page.getByRole('heading', { name: 'Create a video ad' })).toBeVisible();
    await describeProduct(page);
    await page.getByRole('button', { name: 'Continue in the studio' }).click();
    await expect(page).toHaveURL(/\/studio$/);
    await expect(page.getByText('Sign in to preview and render the ad', { exact: false })).toBeVisible();
    await expect(page.getByLabel('Scene 1 line')).not.toBeEmpty();
    await page.goto('/binder');
    await expect(page.getByRole('heading', { name: 'Demo: what Shotcraft makes' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Sample videos' }).getByRole('listitem').first()).toBeVisible({ timeout: 30_000 });
  });
});
