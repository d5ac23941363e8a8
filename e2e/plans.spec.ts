import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { createConfirmedUser, e2eStatus, signInAs, snap, VIEWPORTS } from './support';

// Issue 33 #1: one rule (plan_studios), said the same way by the pricing cards, the sidebar, the
// studio pages and How it works, and enforced by start_job.

async function userOnPlan(plan: string) {
  const user = await createConfirmedUser(`plan-${randomUUID().slice(0, 8)}@example.com`, `Pw-${randomUUID()}`);
  const client = new pg.Client({ connectionString: e2eStatus().db_url });
  await client.connect();
  try {
    await client.query('update public.profiles set plan = $2 where user_id = $1', [user.id, plan]);
  } finally {
    await client.end();
  }
  return user;
}

const planCard = (page: Page, name: string) => page.getByTestId('pricing-plan').filter({ has: page.getByRole('heading', { name, exact: true }) });

test.describe('plans and studios', () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    test(`the landing's pricing cards list each plan's studios from the table, ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/#pricing');
      await page.locator('[data-hydrated]').waitFor();
      await page.getByRole('heading', { name: 'Simple plans that grow with you' }).scrollIntoViewIfNeeded();
      await expect(page.getByTestId('pricing-plan')).toHaveCount(3);
      await expect(planCard(page, 'Starter')).toContainText('Lightbox studio');
      await expect(planCard(page, 'Starter')).not.toContainText(/Refine|every studio/i);
      await expect(planCard(page, 'Professional')).toContainText('Lightbox, Refine Image and 360° Videos studios');
      await expect(planCard(page, 'Professional')).not.toContainText(/every studio/i);
      await expect(planCard(page, 'Enterprise')).toContainText('Every studio: Lightbox, Refine Image, 360° Videos, UGC Video Creator and Competitor Ad Analyzer');
      await planCard(page, 'Starter').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/screenshots/plans-pricing-${name}.png` });
    });

    test(`a starter user sees the UGC studio locked with the way to Enterprise, ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const user = await userOnPlan('starter');
      await signInAs(page, user.email, user.password);
      if (viewport.width >= 1024) {
        const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
        await expect(sidebar.getByRole('link', { name: 'UGC Video Creator', exact: true })).toHaveAccessibleDescription(/^Enterprise plan, not in yours,\s*5 credits/);
        await expect(sidebar.getByRole('link', { name: 'Refine Image', exact: true })).toHaveAccessibleDescription(/^Pro plan, not in yours,\s*2 credits/);
        await expect(sidebar.getByRole('link', { name: 'Lightbox', exact: true })).toHaveAccessibleDescription(/^Starter\s*1 credit/);
      }
      await page.goto('/dashboard/ugc-studio');
      const notice = page.getByRole('region', { name: 'UGC Video Creator is part of the Enterprise plan' });
      await expect(notice).toBeVisible();
      await expect(notice).toContainText('Your Starter plan includes: Lightbox studio.');
      await expect(page.getByRole('button', { name: /Write my scripts|Render/ })).toHaveCount(0);
      await snap(page, `plans-ugc-locked-${name}`);
      await notice.getByRole('link', { name: 'Upgrade to Enterprise' }).click();
      await expect(page).toHaveURL(/\/billing\?plan=enterprise$/);
      await expect(page.getByText('You chose this plan on the pricing page.')).toBeVisible();
    });
  }

  test('a professional user has Refine Image open and the Ad Analyzer locked; How it works says why', async ({ page }) => {
    const user = await userOnPlan('professional');
    await signInAs(page, user.email, user.password);
    await page.goto('/dashboard/refine-image');
    await expect(page.getByRole('button', { name: 'Refine Image' })).toBeVisible();
    await expect(page.getByTestId('plan-locked')).toHaveCount(0);
    await page.goto('/dashboard/competitor-ad-analyzer');
    await expect(page.getByRole('region', { name: 'Competitor Ad Analyzer is part of the Enterprise plan' })).toBeVisible();
    await page.goto('/settings?tab=how-it-works');
    const studios = page.getByRole('list', { name: 'Studios' });
    await expect(studios.getByRole('listitem').filter({ hasText: 'Competitor Ad Analyzer' })).toContainText('Plans: Enterprise');
    await expect(studios.getByRole('listitem').filter({ hasText: 'Refine Image' }).first()).toContainText('Plans: Professional and Enterprise');
    await expect(page.getByText(/A trial account may try every studio with its free credits\./)).toBeVisible();
  });
});
