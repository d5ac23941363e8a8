import { expect, test, type Page } from '@playwright/test';
import { e2eStatus, snap, VIEWPORTS } from './support';

const track = (page: Page) => page.getByTestId('carousel-track');
const offsetOf = (page: Page) =>
  track(page).evaluate((el) => {
    const m = /translate3d\((-?[\d.]+)px/.exec((el as HTMLElement).style.transform);
    return m ? Number(m[1]) : 0;
  });

/** Opens `/` and waits until React has taken over the pre-rendered page (its handlers are live). */
async function gotoLanding(page: Page) {
  await page.goto('/');
  await page.locator('[data-hydrated]').waitFor();
}

async function openExamples(page: Page) {
  await gotoLanding(page);
  await page.getByRole('link', { name: 'View Examples' }).click();
  await expect(page.getByTestId('carousel-card').first()).toBeVisible();
}

test.describe('landing page', () => {
  test('clicking Features scrolls to the features and marks Features active', async ({ page }) => {
    await gotoLanding(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'location');
    await nav.getByRole('link', { name: 'Features' }).click();
    await expect(page.getByRole('heading', { name: 'Everything you need to sell online' })).toBeInViewport();
    await expect(nav.getByRole('link', { name: 'Features' })).toHaveAttribute('aria-current', 'location');
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'location');
    await expect(page).toHaveURL(/#features$/);
  });

  test('the mobile menu opens, navigates to Pricing and closes', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.mobile);
    await gotoLanding(page);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await menu.getByRole('link', { name: 'Pricing' }).click();
    await expect(menu).toBeHidden();
    const heading = page.getByRole('heading', { name: 'Simple plans that grow with you' });
    await expect(heading).toBeInViewport();
    // Once the scroll settles, the sticky header (menu closed) does not cover the section's heading.
    await expect
      .poll(async () => {
        const header = (await page.locator('header').first().boundingBox())!;
        const box = (await heading.boundingBox())!;
        return box.y >= header.y + header.height - 1;
      })
      .toBe(true);
  });

  test('pricing shows the three plans of the pricing_plans table, the popular one marked', async ({ page, request }) => {
    const { api_url, anon_key } = e2eStatus();
    const res = await request.get(`${api_url}/rest/v1/pricing_plans?select=name,price_cents,credits,popular&is_active=eq.true&order=sort_order`, {
      headers: { apikey: anon_key, authorization: `Bearer ${anon_key}` },
    });
    const plans = (await res.json()) as { name: string; price_cents: number; credits: number; popular: boolean }[];
    expect(plans).toHaveLength(3);

    await gotoLanding(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
    const cards = page.getByTestId('pricing-plan');
    await expect(cards).toHaveCount(3);
    for (const [i, plan] of plans.entries()) {
      const card = cards.nth(i);
      await expect(card.getByRole('heading', { name: plan.name })).toBeVisible();
      await expect(card).toContainText(`$${plan.price_cents / 100}/month`);
      await expect(card).toContainText(`${plan.credits.toLocaleString('en-US')} credits`);
      if (plan.popular) await expect(card).toContainText('Most Popular Choice');
      else await expect(card).not.toContainText('Most Popular Choice');
    }
    await expect(page.getByText('Need more than 100 videos per month?')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Contact Sales' })).toHaveAttribute('href', /^mailto:/);
  });

  test('the carousel shows the studios\' real videos (the seeded showcase) and scrolls by itself', async ({ page }) => {
    await openExamples(page);
    await expect(page.getByTestId('carousel-card')).toHaveCount(6);
    await expect(page.getByTestId('carousel-card').filter({ hasText: 'Blue Mug Video Ad' })).toHaveCount(1);
    await expect(page.getByRole('list', { name: 'Photos before and after' }).getByRole('listitem')).toHaveCount(3);
    const start = await offsetOf(page);
    await expect.poll(() => offsetOf(page)).toBeLessThan(start - 5);
  });

  test('dragging moves the strip, and it scrolls on again after the drag', async ({ page }) => {
    await openExamples(page);
    const box = (await page.getByTestId('carousel-viewport').boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 700, y);
    await page.mouse.down();
    const before = await offsetOf(page);
    await page.mouse.move(box.x + 600, y, { steps: 5 });
    await page.mouse.move(box.x + 400, y, { steps: 5 });
    const during = await offsetOf(page);
    expect(during).toBeLessThan(before - 250);
    await page.mouse.up();
    await expect.poll(() => offsetOf(page)).toBeLessThan(during - 5);
    await expect(page.getByRole('button', { name: /Paused - Click to resume/ })).toBeHidden();
  });

  test('playing a card pauses the strip until the visitor resumes', async ({ page }) => {
    await openExamples(page);
    // The strip keeps moving, so pick the first card that is wholly on screen right now (it takes
    // seconds to drift off), and its neighbour for the one-video-at-a-time check.
    const cards = page.getByTestId('carousel-card');
    const first = await cards.evaluateAll((els) =>
      els.findIndex((el) => {
        const r = el.getBoundingClientRect();
        return r.left >= 0 && r.right + 280 <= window.innerWidth;
      }),
    );
    expect(first).toBeGreaterThanOrEqual(0);
    const card = cards.nth(first);
    // Never "stable" while moving: click where the button is right now.
    await card.getByRole('button', { name: /^Play / }).click({ force: true });
    await expect(card.getByRole('button', { name: /^Pause / })).toHaveAttribute('aria-pressed', 'true');
    const badge = page.getByRole('button', { name: 'Paused - Click to resume' });
    await expect(badge).toBeVisible();
    await expect.poll(() => card.locator('video').evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
    const held = await offsetOf(page);
    await page.waitForTimeout(300);
    expect(await offsetOf(page)).toBe(held);

    // Only one video plays at a time.
    await cards.nth(first + 1).getByRole('button', { name: /^Play / }).click({ force: true });
    await expect(card.getByRole('button', { name: /^Play / })).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(() => card.locator('video').evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);

    await badge.click();
    await expect(badge).toBeHidden();
    await expect(cards.nth(first + 1).getByRole('button', { name: /^Play / })).toBeVisible();
    await expect.poll(() => offsetOf(page)).toBeLessThan(held - 5);
  });

  test('videos start muted and one button unmutes them all', async ({ page }) => {
    await openExamples(page);
    const videos = page.getByTestId('carousel-card').locator('video');
    expect(await videos.evaluateAll((vs) => vs.every((v) => (v as HTMLVideoElement).muted))).toBe(true);
    await page.getByRole('button', { name: 'Unmute', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Mute', exact: true })).toHaveAttribute('aria-pressed', 'true');
    expect(await videos.evaluateAll((vs) => vs.every((v) => !(v as HTMLVideoElement).muted))).toBe(true);
  });

  test('Refresh Videos lists the carousel bucket again', async ({ page }) => {
    await openExamples(page);
    const listed = page.waitForRequest((r) => r.url().includes('/storage/v1/object/list/carousel'));
    await page.getByRole('button', { name: 'Refresh Videos' }).click();
    await listed;
    await expect(page.getByTestId('carousel-card')).toHaveCount(6);
  });

  test('an unreachable bucket listing falls back to the known showcase videos', async ({ page }) => {
    await page.route('**/storage/v1/object/list/carousel', (route) => route.fulfill({ status: 500, body: '{"message":"boom"}' }));
    await openExamples(page);
    await expect(page.getByTestId('carousel-card')).toHaveCount(6);
    await expect(page.getByTestId('carousel-card').first()).toContainText('Blue Mug Video Ad');
  });

  test('an empty bucket shows "No media content available"', async ({ page }) => {
    await page.route('**/storage/v1/object/list/carousel', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }));
    await gotoLanding(page);
    await page.getByRole('link', { name: 'View Examples' }).click();
    await expect(page.getByText('No media content available')).toBeVisible();
  });

  for (const scheme of ['light', 'dark'] as const) {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      test(`looks right at ${viewport.width} px in ${scheme}`, async ({ page }) => {
        await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
        await page.setViewportSize(viewport);
        await gotoLanding(page);
        // Bring every lazy section in, then shoot from the top.
        for (const id of ['examples', 'pricing']) {
          await page.locator(`#${id}`).scrollIntoViewIfNeeded();
        }
        await expect(page.getByTestId('carousel-card').first()).toBeVisible();
        await expect(page.getByTestId('pricing-plan')).toHaveCount(3);
        await page.evaluate(() => window.scrollTo(0, 0));
        await snap(page, `landing-full-${name}-${scheme}`);
      });
    }
  }
});
