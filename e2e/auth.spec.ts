import { MAX_EMAIL_FREQUENCY_MS } from '@shotcraft/devstack/src/auth/mailer.ts';
import { expect, test, type Page } from '@playwright/test';
import { e2eStatus, snap, VIEWPORTS } from './support';

/** Sign-in, sign-up and callbacks (issue 5) against the e2e devstack, in real Chromium. */

const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
const PASSWORD = 'Studio-shot-2026';

interface InboxMail {
  subject: string;
  links: { label: string; url: string }[];
}

async function inbox(email: string): Promise<InboxMail[]> {
  const res = await fetch(`${e2eStatus().inbox_url}/api/messages?to=${encodeURIComponent(email)}`);
  expect(res.ok).toBe(true);
  return (await res.json()) as InboxMail[];
}

/** The newest e-mail's verify link, waiting for it to arrive. */
async function mailLink(email: string, count = 1): Promise<string> {
  await expect.poll(async () => (await inbox(email)).length, { message: `e-mail to ${email}` }).toBeGreaterThanOrEqual(count);
  const [newest] = await inbox(email);
  const link = newest!.links.find((l) => l.url.includes('/verify'));
  expect(link, 'verify link in the e-mail').toBeTruthy();
  return link!.url;
}

async function authApi(path: string, body: unknown, key: 'anon' | 'service' = 'anon') {
  const status = e2eStatus();
  const apikey = key === 'anon' ? status.anon_key : status.service_role_key;
  const res = await fetch(`${status.api_url}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey, authorization: `Bearer ${apikey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

async function createConfirmedUser(email: string, password = PASSWORD) {
  const res = await authApi('/admin/users', { email, password, email_confirm: true }, 'service');
  expect(res.status).toBe(200);
}

async function passwordSession(email: string, password: string) {
  const res = await authApi('/token?grant_type=password', { email, password });
  expect(res.status).toBe(200);
  return res.json as { access_token: string; refresh_token: string };
}

async function profileOf(email: string) {
  const { api_url, service_role_key } = e2eStatus();
  const res = await fetch(`${api_url}/rest/v1/profiles?email=eq.${encodeURIComponent(email)}&select=plan,credits,company,role,team_size,use_case,full_name`, {
    headers: { apikey: service_role_key, authorization: `Bearer ${service_role_key}` },
  });
  const rows = (await res.json()) as Record<string, unknown>[];
  return rows[0];
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function fillPersonalInfo(page: Page, email: string) {
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
}

async function fillCompanyDetails(page: Page) {
  await page.getByLabel('Company name').fill('Acme Goods');
  for (const [field, option] of [['Role', 'Founder / Owner'], ['Team size', 'Small (2-10)'], ['Primary use case', 'Product showcases']] as const) {
    await page.getByRole('combobox', { name: field }).click();
    await page.getByRole('option', { name: option }).click();
  }
}

test.describe('sign up', () => {
  test('the wizard creates an account, the e-mail link confirms it and lands signed in on the dashboard with 5 trial credits', async ({ page }) => {
    const email = uniqueEmail('wizard');
    await page.goto('/signup');
    await page.getByRole('link', { name: 'Continue with Email' }).click();
    await expect(page).toHaveURL(/\/signup\?method=email$/);
    await expect(page.getByRole('list', { name: 'Sign-up progress' })).toContainText('Personal Info');

    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByText('First name is required')).toBeVisible();
    await fillPersonalInfo(page, email);
    await expect(page.getByText('Password strength:')).toContainText('Strong');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();

    await expect(page.getByRole('heading', { level: 2, name: /Company Details/ })).toBeVisible();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByText('Role is required')).toBeVisible();
    await fillCompanyDetails(page);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();

    await expect(page.getByRole('heading', { level: 2, name: /Terms & Preferences/ })).toBeVisible();
    const summary = page.getByRole('region', { name: 'Account summary' });
    await expect(summary).toContainText('Ada Lovelace');
    await expect(summary).toContainText(email);
    await expect(summary).toContainText('Founder / Owner');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('You must agree to the terms and conditions')).toBeVisible();
    await page.getByRole('checkbox', { name: /I agree to the/ }).check();
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(toast(page, 'Check your email')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);

    await page.goto(await mailLink(email));
    await expect(toast(page, 'Welcome back!')).toContainText(`Signed in as ${email}`);
    await expect(page).toHaveURL(/\/dashboard$/);

    expect(await profileOf(email)).toMatchObject({ plan: 'trial', credits: 5, company: 'Acme Goods', role: 'founder', team_size: 'small', use_case: 'product', full_name: 'Ada Lovelace' });
  });
});

test.describe('sign in', () => {
  test('a wrong password shows "Sign In Failed"', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill('demo@example.com');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In to Dashboard' }).click();
    await expect(toast(page, 'Sign In Failed')).toContainText('The email or password you entered is incorrect. Please try again.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the right password signs in with "Welcome back!" and goes to the dashboard', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill('demo@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Demo-pass-2026');
    await page.getByRole('button', { name: 'Sign In to Dashboard' }).click();
    await expect(toast(page, 'Welcome back!')).toContainText('You have successfully signed in.');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('an unconfirmed e-mail shows "Email Verification Required" and resends the confirmation', async ({ page }) => {
    const email = uniqueEmail('unconfirmed');
    expect((await authApi('/signup', { email, password: PASSWORD })).status).toBe(200);
    const sentAt = Date.now();
    await mailLink(email);

    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In to Dashboard' }).click();
    await expect(toast(page, 'Email Verification Required')).toContainText('Please check your email and click the verification link before signing in.');
    const panel = page.getByRole('region', { name: 'Email verification' });
    await expect(panel).toContainText(email);
    await snap(page, 'auth-login-resend-panel-desktop');

    // Hold the request until the busy label has been seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/auth\/v1\/resend(\?|$)/, async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    // Auth sends one e-mail an address per MAX_EMAIL_FREQUENCY_MS (the CLI's max_frequency, 1 s)
    // and refuses a resend sooner (429): a fast run reached this click within it.
    const early = sentAt + MAX_EMAIL_FREQUENCY_MS + 100 - Date.now();
    if (early > 0) await page.waitForTimeout(early);
    await panel.getByRole('button', { name: 'Resend verification email' }).click();
    await expect(panel.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();
    await expect(toast(page, 'Verification Email Sent')).toContainText(`We've sent a new verification email to ${email}.`);
    await expect(panel).toBeHidden();
    await expect.poll(async () => (await inbox(email)).length).toBe(2);
  });

  test('Google sign-in goes through the consent page and lands on the dashboard', async ({ page }) => {
    const email = uniqueEmail('google');
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Continue with Apple (coming soon)' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Continue with GitHub (coming soon)' })).toBeDisabled();
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Name (optional)').fill('Grace Hopper');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(toast(page, 'Welcome back!')).toContainText(`Signed in as ${email}`);
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await profileOf(email)).toMatchObject({ plan: 'trial', credits: 5, full_name: 'Grace Hopper' });
  });

  test('/test-oauth runs the Google round trip back to itself and shows the session; sign out ends it', async ({ page }) => {
    const email = uniqueEmail('oauth-test');
    await page.goto('/test-oauth');
    await expect(page.getByText('Signed out', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Run Google sign-in' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page).toHaveURL(/\/test-oauth$/);
    const session = page.getByRole('definition').filter({ hasText: email });
    await expect(session).toBeVisible();
    await expect(page.getByText('Signed in', { exact: true })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: /^google$/ }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Sign out' }).click();
    // Sign-out is a request: wait for it to finish before checking that it also survives a reload.
    await expect(page.getByText('Signed out', { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByText('Signed out', { exact: true })).toBeVisible();
  });

  test('"Remember me" unticked ends the session when the browser is closed', async ({ page, context }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill('demo@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Demo-pass-2026');
    await page.getByRole('checkbox', { name: 'Remember me' }).uncheck();
    await page.getByRole('button', { name: 'Sign In to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/test-oauth');
    await expect(page.getByText('Signed in', { exact: true })).toBeVisible();
    await context.clearCookies(); // what closing the browser does to session cookies
    await page.reload();
    await expect(page.getByText('Signed out', { exact: true })).toBeVisible();
  });
});

test.describe('passwords', () => {
  test('forgot password e-mails a link; the reset screen sets a new password that then signs in', async ({ page, browser }) => {
    const email = uniqueEmail('reset');
    await createConfirmedUser(email);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toContainText('Check your email');

    await page.goto(await mailLink(email));
    await expect(page).toHaveURL(/\/reset-password$/);
    await page.getByLabel('New password', { exact: true }).fill('New-studio-2027');
    await page.getByLabel('Confirm new password').fill('New-studio-2027');
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(toast(page, 'Password updated')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);

    const fresh = await browser.newPage();
    await fresh.goto('/login');
    await fresh.getByLabel('Email').fill(email);
    await fresh.getByLabel('Password', { exact: true }).fill('New-studio-2027');
    await fresh.getByRole('button', { name: 'Sign In to Dashboard' }).click();
    await expect(toast(fresh, 'Welcome back!')).toBeVisible();
    await expect(fresh).toHaveURL(/\/dashboard$/);
    await fresh.close();
  });
});

test.describe('auth fragment and callbacks', () => {
  test('a session in a URL fragment is never taken, on any page: a link cannot sign a visitor into someone else\'s account', async ({ page }) => {
    const session = await passwordSession('demo@example.com', 'Demo-pass-2026');
    for (const path of ['/login', '/auth/callback?next=%2Fdashboard']) {
      await page.goto(`${path}#access_token=${session.access_token}&refresh_token=${session.refresh_token}&token_type=bearer&expires_in=3600&type=invite`);
      await expect(toast(page, 'Authentication failed')).toContainText('This link cannot sign you in');
      await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('');
    }
    await page.goto('/dashboard');
    await expect(page.getByText('Please sign in to access the dashboard')).toBeVisible();
  });

  test('garbage tokens show "Authentication failed"', async ({ page }) => {
    await page.goto('/login#access_token=garbage&refresh_token=garbage');
    await expect(toast(page, 'Authentication failed')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a fragment without tokens is ignored', async ({ page }) => {
    await page.goto('/login#access_token=only-one');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  });

  test('a callback with an error shows it with a way back', async ({ page }) => {
    await page.goto('/auth/callback?error=access_denied&error_description=The+user+denied+access');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign-in failed' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('The user denied access');
    await page.getByRole('main').getByRole('link', { name: 'Back to sign in' }).last().click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('screenshots', () => {
  for (const scheme of ['light', 'dark'] as const) {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      test(`auth screens at ${viewport.width} px, ${scheme}`, async ({ page }) => {
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize(viewport);
        const shot = (screen: string) => snap(page, `auth-${screen}-${name}-${scheme}`);
        await page.goto('/login');
        await expect(page.getByRole('button', { name: 'Sign In to Dashboard' })).toBeVisible();
        await shot('login');
        await page.goto('/login/legacy');
        await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
        await shot('login-legacy');
        await page.goto('/signup');
        await expect(page.getByRole('link', { name: 'Continue with Email' })).toBeVisible();
        await shot('signup');
        await page.getByRole('link', { name: 'Continue with Email' }).click();
        await page.getByRole('button', { name: 'Continue', exact: true }).click();
        await expect(page.getByText('First name is required')).toBeVisible();
        await shot('wizard-1-errors');
        await fillPersonalInfo(page, uniqueEmail('shot'));
        await shot('wizard-1');
        await page.getByRole('button', { name: 'Continue', exact: true }).click();
        await fillCompanyDetails(page);
        await shot('wizard-2');
        await page.getByRole('button', { name: 'Continue', exact: true }).click();
        await expect(page.getByRole('region', { name: 'Account summary' })).toBeVisible();
        await shot('wizard-3');
      });
    }
  }
});
