import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { runFfmpeg } from '@shotcraft/worker/src/video/ffmpeg.ts';
import { writeTurntableFrames } from '@shotcraft/worker/src/studios/spin360/test-frames.ts';
import { uniqueEmail } from './refine-support';
import { createConfirmedUser, signInAs, snap, VIEWPORTS } from './support';

const STUDIO = '/dashboard/360-video';
let frames: string[];
let turntable: string;

/** Serious or critical axe findings on what is on screen now. */
async function axeSerious(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(' | ')}`);
}

test.beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spin-e2e-'));
  frames = await writeTurntableFrames(dir, 12, { width: 480, height: 360 });
  turntable = path.join(dir, 'turntable.mp4');
  await runFfmpeg(['-framerate', '4', '-i', path.join(dir, '%03d_turn.jpg'), '-r', '24', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', turntable]);
});

/** Pauses the autoplay, then drags across the viewer; the frame shown must change with the drag. */
async function dragTurns(page: Page, count: number) {
  const viewer = page.getByRole('slider', { name: '360° view of Red box' });
  await expect(viewer).toBeVisible();
  const pause = page.getByRole('button', { name: 'Pause rotation' });
  if (await pause.isVisible()) await pause.click();
  const before = await viewer.getAttribute('data-frame');
  const box = (await viewer.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.55, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect(viewer).not.toHaveAttribute('data-frame', before!);
  // The arrow keys turn it one frame at a time.
  await viewer.focus();
  const now = Number(await viewer.getAttribute('data-frame'));
  await page.keyboard.press('ArrowRight');
  await expect(viewer).toHaveAttribute('data-frame', String((now + 1) % count));
}

async function createSpin(page: Page, files: string[]) {
  await page.goto(STUDIO);
  await expect(page.getByRole('heading', { name: '360° Spin Studio' })).toBeVisible();
  await expect(page.getByText('5 credits · you have 5')).toBeVisible();
  await page.getByLabel('Choose the photos of one turn').setInputFiles(files);
  const strip = page.getByRole('list', { name: 'Frame strip' });
  await expect(strip.getByRole('listitem')).toHaveCount(files.length);
  // In turn order, by the number in the names, however they were picked.
  await expect(strip.getByRole('img').first()).toHaveAccessibleName('Frame 1: 000_turn.jpg');
  await page.getByLabel('Product name').fill('Red box');
  await page.getByRole('button', { name: 'Create 360° Spin' }).click();
  await expect(page.getByText('Your 360° spin is ready.')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByLabel('Credit balance: 0')).toBeVisible();
}

test.describe('360° Spin Studio', () => {
  test('photos of one turn become a spin to drag, an MP4 to download and a link that opens signed out until revoked', async ({ page, browser }) => {
    test.setTimeout(180_000);
    const user = await createConfirmedUser(uniqueEmail('spin'), 'Spin-pass-2026');
    await signInAs(page, user.email, user.password);
    await createSpin(page, frames);
    await dragTurns(page, 12);
    await snap(page, 'spin360-1280-light');
    expect(await axeSerious(page)).toEqual([]);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download MP4' }).click();
    expect((await download).suggestedFilename()).toMatch(/^red-box-360-.*\.mp4$/);

    await page.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share this spin' });
    await dialog.getByRole('button', { name: 'Create share link' }).click();
    const link = await dialog.getByLabel('Link').inputValue();
    expect(link).toMatch(/\/spin\/[0-9a-f]{64}$/);
    await expect(dialog.getByLabel('Embed on a product page')).toHaveValue(new RegExp(`<iframe src="${link}\\?embed=1"`));

    // Someone without an account opens the link.
    const visitor = await browser.newContext();
    const guest = await visitor.newPage();
    await guest.goto(link);
    await expect(guest.getByRole('heading', { name: 'Red box' })).toBeVisible();
    await expect(guest.getByRole('slider', { name: '360° view of Red box' })).toBeVisible();
    await snap(guest, 'spin360-shared-1280');
    expect(await axeSerious(guest)).toEqual([]);

    await dialog.getByRole('button', { name: 'Revoke link' }).click();
    await expect(dialog.getByRole('button', { name: 'Create share link' })).toBeVisible();
    await guest.reload();
    await expect(guest.getByText('This spin is not shared any more, or the link is wrong.')).toBeVisible();
    await visitor.close();
  });

  test('on a phone: eight photos, a spin that turns with a drag, nothing wider than the screen', async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(VIEWPORTS.mobile);
    const user = await createConfirmedUser(uniqueEmail('spin-phone'), 'Spin-pass-2026');
    await signInAs(page, user.email, user.password);
    // Picked out of order: the studio sorts them by the number in their names.
    await createSpin(page, [...frames.slice(0, 8)].reverse());
    const viewer = page.getByRole('slider', { name: '360° view of Red box' });
    await expect(viewer).toHaveAttribute('aria-valuemax', '8');
    await dragTurns(page, 8);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(page, 'spin360-390-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await snap(page, 'spin360-390-dark');
    expect(await axeSerious(page)).toEqual([]);
  });

  test('a turntable video becomes a spin of the frames asked for', async ({ page }) => {
    test.setTimeout(180_000);
    const user = await createConfirmedUser(uniqueEmail('spin-video'), 'Spin-pass-2026');
    await signInAs(page, user.email, user.password);
    await page.goto(STUDIO);
    await page.getByLabel('Choose a turntable video').setInputFiles(turntable);
    await expect(page.getByLabel('Selected video: turntable.mp4')).toBeVisible();
    await page.getByRole('radio', { name: '24' }).click();
    await expect(page.getByText('24 frames from the video')).toBeVisible();
    await page.getByLabel('Product name').fill('Red box');
    await page.getByRole('button', { name: 'Create 360° Spin' }).click();
    await expect(page.getByText('Your 360° spin is ready.')).toBeVisible({ timeout: 90_000 });
    await expect(page.getByRole('slider', { name: '360° view of Red box' })).toHaveAttribute('aria-valuemax', '24');
  });
});
