import { expect, type Page } from '@playwright/test';
import { FIXTURES, refine } from './refine-support';

/** Connects a platform from Settings through its consent page (the local stand-in). */
export async function connectFromSettings(page: Page, platform: string) {
  await page.goto('/settings?tab=accounts');
  await page.getByRole('button', { name: `Connect ${platform}` }).click();
  await expect(page.getByRole('heading', { name: `Shotcraft wants to access your ${platform} account` })).toBeVisible();
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByText(`${platform} connected`)).toBeVisible();
}

/** Refines the mug photo and opens Share to Social Media on the result: the dialog. */
export async function refineAndShare(page: Page) {
  await page.goto('/dashboard/refine-image');
  await refine(page, FIXTURES.mug, { preset: 'Color Correction' });
  const tile = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: /^Open Color Correction/ }) }).first();
  await tile.hover();
  await tile.getByRole('button', { name: 'Post Color Correction' }).click();
  return page.getByRole('dialog', { name: 'Share to Social Media' });
}
