import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { expect, test, type Page } from '@playwright/test';
import { createConfirmedUser, e2eStatus, nodeClientOptions, signInAs, snap, VIEWPORTS } from './support';

const DEMO = { email: 'demo@example.com', password: 'Demo-pass-2026' };

/** The figure of a Generation Overview stat card. */
const stat = (page: Page, label: string) => page.locator('dl', { has: page.getByText(label, { exact: true }) }).locator('dd').first();

async function newTrialUser() {
  return createConfirmedUser(`trial-${randomUUID().slice(0, 8)}@example.com`, `Pw-${randomUUID()}`);
}

test.describe('dashboard', () => {
  test('a signed-out visitor is asked to sign in', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByText('Please sign in to access the dashboard')).toBeVisible();
    await page.goto('/dashboard/library');
    await expect(page.getByText('Please sign in to access the dashboard')).toBeVisible();
    await page.getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the demo user sees their stats, credits and every studio with its price and tier', async ({ page }) => {
    await signInAs(page, DEMO.email, DEMO.password);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Demo' })).toBeVisible();
    // Seed: 7 completed jobs (3 refined, 2 lightbox, one 360°, one UGC), the failed one refunded.
    await expect(stat(page, 'Total Generations')).toHaveText('7');
    await expect(stat(page, 'Total Views')).toHaveText('2,800');
    await expect(stat(page, 'Engagement')).toHaveText('299');
    await expect(stat(page, 'Credits Used')).toHaveText('19');

    const badge = page.getByRole('banner').getByRole('link', { name: /200 credits/ });
    await expect(badge).toContainText('Professional');
    await badge.hover();
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toContainText('Lightbox: 2 used');
    await expect(tooltip).toContainText('UGC: 5 used');
    await expect(tooltip).toContainText('360°: 5 used');
    await expect(tooltip).not.toContainText('Trial plan');

    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    for (const [name, price, tier] of [
      ['Lightbox', '1 credit', 'Starter'],
      ['Refine Image', '2 credits', 'Pro'],
      ['360° Videos', '5 credits', 'Pro'],
      ['UGC Video Creator', '5 credits', 'Enterprise'],
      ['Competitor Ad Analyzer', '10 credits', 'Enterprise'],
    ]) {
      await expect(sidebar.getByRole('link', { name, exact: true })).toHaveAccessibleDescription(new RegExp(`${tier}.*${price}`, 'i'));
    }
    const features = page.getByRole('region', { name: 'Feature Overview' });
    await expect(features.getByRole('link', { name: /UGC Video Creator/ })).toContainText('5 credits');

    // Professional: Social Analytics is open.
    await sidebar.getByRole('link', { name: 'Social Analytics' }).click();
    await expect(page).toHaveURL(/\/dashboard\/social-analytics$/);
  });

  test('a new trial user sees the trial line and a locked Social Analytics, and live stats', async ({ page }) => {
    const user = await newTrialUser();
    await signInAs(page, user.email, user.password);
    await page.goto('/dashboard');
    await expect(stat(page, 'Total Generations')).toHaveText('0');
    const badge = page.getByRole('banner').getByRole('link', { name: /5 credits/ });
    await expect(badge).toContainText('Trial');
    await badge.hover();
    await expect(page.getByRole('tooltip')).toContainText('Trial plan - Upgrade for full access');
    await expect(page.getByRole('tooltip')).toContainText(/UGC: 0 used\s*Available/);
    await page.mouse.move(600, 600);

    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await expect(sidebar.getByRole('link', { name: 'Social Analytics' })).toHaveCount(0);
    await sidebar.getByRole('button', { name: 'Social Analytics (locked)' }).click();
    await expect(sidebar.getByRole('alert')).toContainText('Upgrade to the Professional plan');
    await snap(page, 'dashboard-trial-locked-desktop');

    // A job started as the user and completed by the service role shows up without a reload.
    const { api_url, anon_key, service_role_key } = e2eStatus();
    const asUser = createClient(api_url, anon_key, nodeClientOptions);
    await asUser.auth.signInWithPassword({ email: user.email, password: user.password });
    const { data: started, error: startError } = await asUser.rpc('start_job', { studio: 'lightbox', options: { title: 'Desk Lamp - White Studio' } });
    expect(startError).toBeNull();
    const jobId = (started as { job_id: string }).job_id;
    await expect(page.getByRole('banner').getByRole('link', { name: /4 credits/ })).toBeVisible();
    const service = createClient(api_url, service_role_key, nodeClientOptions);
    const { error: completeError } = await service.rpc('complete_job', { job_id: jobId, result: { path: `${user.id}/Lightbox/images/${jobId}.png`, mime_type: 'image/png' } });
    expect(completeError).toBeNull();
    await expect(stat(page, 'Total Generations')).toHaveText('1');
    await expect(stat(page, 'Credits Used')).toHaveText('1');
    await expect(page.getByRole('region', { name: 'Recent Activity' })).toContainText('Desk Lamp - White Studio');
    // 4 credits left: a 5-credit UGC video is no longer available; a 1-credit lightbox still is.
    await page.getByRole('banner').getByRole('link', { name: /4 credits/ }).hover();
    await expect(page.getByRole('tooltip')).toContainText(/UGC: 0 used\s*Unavailable/);
    await expect(page.getByRole('tooltip')).toContainText(/Lightbox: 1 used\s*Available/);
  });

  test('the sidebar collapses and expands on desktop', async ({ page }) => {
    await signInAs(page, DEMO.email, DEMO.password);
    await page.goto('/dashboard');
    const sidebarLink = page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Refine Image' });
    await expect(sidebarLink).toBeInViewport();
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(sidebarLink).not.toBeInViewport();
    await snap(page, 'dashboard-collapsed-desktop');
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect(sidebarLink).toBeInViewport();
  });

  test('the mobile menu opens over a dark overlay that closes it', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.mobile);
    await signInAs(page, DEMO.email, DEMO.password);
    await page.goto('/dashboard');
    await expect(page.getByRole('banner')).toContainText('AI PRODUCT STUDIO');
    await expect(stat(page, 'Total Generations')).toHaveText('7');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('complementary', { name: 'Sidebar' });
    await expect(drawer.getByRole('link', { name: 'UGC Video Creator' })).toBeVisible();
    await snap(page, 'dashboard-mobile-menu');
    await page.getByRole('button', { name: 'Close menu' }).click({ position: { x: 370, y: 400 } });
    await expect(drawer).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.getByRole('link', { name: 'Library' }).click();
    await expect(page).toHaveURL(/\/dashboard\/library$/);
    await expect(drawer).toBeHidden();
  });

  test('the avatar menu links to the profile settings and signs out', async ({ page }) => {
    const user = await newTrialUser();
    await signInAs(page, user.email, user.password);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Account Settings' }).click();
    await expect(page).toHaveURL(/\/settings\?tab=profile$/);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/dashboard');
    await expect(page.getByText('Please sign in to access the dashboard')).toBeVisible();
  });

  for (const scheme of ['light', 'dark'] as const) {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      test(`screenshot: home, ${scheme}, ${viewport.width} px`, async ({ page }) => {
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize(viewport);
        await signInAs(page, DEMO.email, DEMO.password);
        await page.goto('/dashboard');
        await expect(stat(page, 'Total Generations')).toHaveText('7');
        await expect(page.getByRole('banner').getByRole('link', { name: /200/ })).toBeVisible();
        await snap(page, `dashboard-home-${scheme}-${name}`);
      });
    }
  }
});
