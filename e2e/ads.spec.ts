import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { makeTestAd } from '@shotcraft/worker/src/studios/competitor-ad/test-ads.ts';
import { grantCredits, uniqueEmail } from './refine-support';
import { createConfirmedUser, signInAs, snap, VIEWPORTS } from './support';

let adFile: string;
let productFile: string;

test.beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-e2e-'));
  adFile = path.join(dir, 'competitor-ad.png');
  fs.writeFileSync(adFile, (await makeTestAd('square')).png);
  productFile = path.join(dir, 'my-product.jpg');
  await sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><rect width="100%" height="100%" fill="#f3f4f6"/><rect x="250" y="150" width="300" height="520" rx="60" fill="#16a34a"/></svg>')).jpeg().toFile(productFile);
});

test.describe('Competitor Ad Analyzer', () => {
  test('analyse a competitor ad, make three versions of my product, and find them under Facebook Ads', async ({ page }) => {
    test.setTimeout(180_000);
    const user = await createConfirmedUser(uniqueEmail('ads'), 'Ads-pass-2026');
    await grantCredits(user.id, 10);
    await signInAs(page, user.email, user.password);
    await page.goto('/dashboard/competitor-ad-analyzer');
    await expect(page.getByRole('heading', { name: 'Competitor Ad Analyzer', level: 1 })).toBeVisible();
    await expect(page.getByText('10 credits · you have 15')).toBeVisible();
    await page.getByLabel('Choose the ad').setInputFiles(adFile);
    await page.getByRole('button', { name: 'Analyze Ad' }).click();

    await expect(page.getByText('Your analysis is ready.')).toBeVisible({ timeout: 90_000 });
    await expect(page.getByText('“Summer Skin Sale”').first()).toBeVisible();
    await expect(page.getByText('“50% OFF Everything”').first()).toBeVisible();
    await expect(page.getByText('“Shop Now”').first()).toBeVisible();
    await expect(page.getByRole('list', { name: 'Placements' }).getByLabel('Fits')).toHaveCount(1);
    await expect(page.getByText('10 credits · you have 5')).toBeVisible();
    await snap(page, 'ads-report-1280');
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

    await page.getByLabel('Choose your product photo').setInputFiles(productFile);
    await page.getByLabel('Your headline').fill('Fresh greens, fast');
    await page.getByLabel('Your call to action').fill('Order now');
    // One size keeps the run short: three variations at 4:5.
    await page.getByRole('checkbox', { name: /Feed 1:1/ }).click();
    await page.getByRole('checkbox', { name: /Stories & Reels/ }).click();
    await page.getByRole('button', { name: 'Generate Variations' }).click();
    const results = page.getByRole('list', { name: 'Variations' });
    await expect(results.locator(':scope > li')).toHaveCount(3, { timeout: 90_000 });
    await expect(results.getByLabel('Passed').first()).toBeVisible();
    await snap(page, 'ads-variations-1280');

    await page.goto('/dashboard/library');
    await page.getByRole('button', { name: /Facebook Ads/ }).click();
    await expect(page.getByText('Fresh greens, fast', { exact: false }).first()).toBeVisible({ timeout: 30_000 });
    // Only the user's own ads: the competitor's ad stays in the analyzer's history, with no Post button anywhere.
    await expect(page.getByRole('article')).toHaveCount(3);
    await expect(page.getByRole('article', { name: /^Ad analysis - / })).toHaveCount(0);
  });

  test('signed out, /competitor-analyzer explains and asks for sign-in before spending anything; on a phone nothing overflows', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.goto('/competitor-analyzer');
    await expect(page.getByRole('heading', { name: 'Competitor Ad Analyzer' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in to analyse an ad' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
