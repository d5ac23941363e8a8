import { expect, test } from '@playwright/test';
import { snap, VIEWPORTS } from './support';

test.describe('smoke', () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    test(`the landing page renders at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: /product photos in/i })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
      await snap(page, `landing-${name}`);
    });
  }

  test('the landing page is in the HTML itself, before any JavaScript runs', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: /product photos in/i })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
    await context.close();
  });

  test('the pre-rendered landing page hydrates without errors, and other routes do not show it', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
    page.on('pageerror', (err) => errors.push(err.message));
    await page.goto('/');
    await page.locator('[data-hydrated]').waitFor();
    await expect(page.getByRole('heading', { level: 1, name: /product photos in/i })).toBeVisible();
    await page.getByRole('link', { name: 'Features' }).first().click();
    await expect(page).toHaveURL(/#features$/);
    expect(errors).toEqual([]);
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1, name: /product photos in/i })).toHaveCount(0);
  });

  test('on /, the page paints before any script is requested', async ({ page }) => {
    await page.goto('/');
    await page.locator('[data-hydrated]').waitFor();
    const timing = await page.evaluate(() => ({
      firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/.+\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
    }));
    expect(timing.firstContentfulPaint).not.toBeNull();
    expect(timing.scripts.length).toBeGreaterThan(0);
    expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.firstContentfulPaint!);
  });

  test('a visitor of / downloads no dashboard code, no full Supabase client and no stylesheet', async ({ page }) => {
    const scripts: string[] = [];
    const styles: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
      if (req.resourceType() === 'stylesheet') styles.push(new URL(req.url()).pathname);
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Bring the carousel and pricing in: they read public data with the light clients.
    await page.getByTestId('examples-strip').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('carousel-track')).toBeVisible();
    await page.locator('#pricing').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('pricing-plan')).toHaveCount(3);
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => /layout|dashboard|refine|library|home-/.test(s))).toEqual([]);
    // The full client (auth, realtime) is the `supabase-*` chunk; `supabase-public-*` is the light one.
    expect(scripts.filter((s) => /\/supabase-(?!public)[\w-]+\.js$/.test(s))).toEqual([]);
    // The styles are inlined into the page.
    expect(styles).toEqual([]);
  });

  test('an unknown route shows the 404 page and logs the 404', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
    await page.goto('/this/does/not/exist');
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await page.getByRole('link', { name: /return to home/i }).click();
    await expect(page).toHaveURL('/');
    expect(errors.some((e) => e.includes('404'))).toBe(true);
  });

  test('theme switching works and persists across reloads', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/dashboard');
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect(html).toHaveClass(/dark/);
    await snap(page, 'dashboard-dark-desktop');
    await page.reload();
    await expect(html).toHaveClass(/dark/);
    await page.setViewportSize(VIEWPORTS.mobile);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await snap(page, 'dashboard-dark-mobile');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('complementary', { name: 'Sidebar' });
    await expect(drawer.getByRole('link', { name: 'Refine Image' })).toBeVisible();
    await snap(page, 'dashboard-dark-mobile-menu');
    await page.getByRole('button', { name: 'Close menu' }).click({ position: { x: 370, y: 400 } });
    await expect(drawer).toBeHidden();
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await page.getByRole('menuitemradio', { name: 'System' }).click();
    await expect(html).not.toHaveClass(/dark/);
  });
});
