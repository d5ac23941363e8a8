import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import pg from 'pg';
import { e2eStatus } from './support';

export const FIXTURES = {
  mug: path.resolve(import.meta.dirname, 'fixtures/mug.jpg'),
  bottle: path.resolve(import.meta.dirname, 'fixtures/bottle.png'),
};

export const uniqueEmail = (tag: string) => `refine-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Adds credits the way an admin adjustment would: a ledger row through the database's own function. */
export async function grantCredits(userId: string, credits: number) {
  const client = new pg.Client({ connectionString: e2eStatus().db_url });
  await client.connect();
  try {
    await client.query(`select private.apply_credit_delta($1, $2, 'adjustment')`, [userId, credits]);
  } finally {
    await client.end();
  }
}

/** Picks a photo, an enhancement (preset label or custom words), refines, and waits for the result. */
export async function refine(page: Page, photo: string, enhancement: { preset: string } | { custom: string }) {
  await page.getByLabel('Choose an image to refine').setInputFiles(photo);
  await expect(page.getByRole('button', { name: 'Preview' })).toBeVisible();
  if ('preset' in enhancement) await page.getByRole('radio', { name: new RegExp(`^${enhancement.preset}`) }).click();
  else await page.getByRole('textbox', { name: 'Custom enhancement description' }).fill(enhancement.custom);
  await page.getByRole('button', { name: 'Refine Image', exact: true }).click();
  await expect(page.getByText('Your refined image is ready.')).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Remove' }).click();
}
