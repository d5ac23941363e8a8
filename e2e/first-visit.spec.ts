import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { expect, test } from '@playwright/test';
import { e2eStatus, nodeClientOptions, signInAs, snap, VIEWPORTS } from './support';

test.describe('a new visitor', () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    // Issue 33 #8: 'Get Started' opened 'Sign in — Welcome back!'.
    test(`"Get Started" leads to sign-up, not sign-in, ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/');
      await page.locator('[data-hydrated]').waitFor();
      await page.getByRole('banner').getByRole('link', { name: 'Get Started' }).click();
      await expect(page).toHaveURL(/\/signup$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
      await expect(page.getByText('Welcome back!')).toHaveCount(0);
      await snap(page, `get-started-${name}`);
    });
  }

  // Issue 33 #9: 'Welcome back, maria.walk' for a brand-new user who gave her first name.
  test('is greeted "Welcome, Maria" the first time and "Welcome back, Maria" after her first job', async ({ browser }) => {
    const { api_url, anon_key, service_role_key } = e2eStatus();
    const email = `maria.walk.${randomUUID().slice(0, 8)}@example.com`;
    const password = `Pw-${randomUUID()}`;
    const admin = createClient(api_url, service_role_key, nodeClientOptions);
    const created = await admin.auth.admin.createUser({ email, password, email_confirm: true, user_metadata: { first_name: 'Maria', last_name: 'Walk', full_name: 'Maria Walk' } });
    expect(created.error).toBeNull();

    const first = await browser.newPage();
    await signInAs(first, email, password);
    await expect(first.getByRole('heading', { level: 1, name: 'Welcome, Maria' })).toBeVisible();
    await snap(first, 'welcome-first-visit');
    await first.close();

    const maria = createClient(api_url, anon_key, nodeClientOptions);
    await maria.auth.signInWithPassword({ email, password });
    expect((await maria.rpc('start_job', { studio: 'lightbox', options: { title: 'First mug' } })).error).toBeNull();

    const later = await browser.newPage();
    await signInAs(later, email, password);
    await expect(later.getByRole('heading', { level: 1, name: 'Welcome back, Maria' })).toBeVisible();
    await later.close();
  });
});
