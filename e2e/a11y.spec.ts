import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createConfirmedUser, settled, signInAs, VIEWPORTS } from './support';

/**
 * An accessibility scan (axe-core) of every screen, signed out and signed in, at 1280 and 390 px,
 * light and dark: no serious or critical violations.
 */
const PUBLIC = ['/', '/login', '/signup', '/login/legacy', '/forgot-password', '/terms', '/privacy', '/trial/lightbox', '/settings?tab=how-it-works', '/no/such/page', '/create', '/studio', '/perfect', '/embedded', '/binder', '/library', '/competitor-analyzer', '/spin/0000000000000000000000000000000000000000000000000000000000000000'];
const SIGNED_IN = [
  '/dashboard',
  '/dashboard/lightbox',
  '/dashboard/refine-image',
  '/dashboard/360-video',
  '/dashboard/ugc-studio',
  '/dashboard/competitor-ad-analyzer',
  '/dashboard/library',
  '/dashboard/social-analytics',
  '/dashboard/credit-packs',
  '/trial/lightbox',
  '/billing',
  '/create',
  '/studio',
  '/library',
  '/competitor-analyzer',
  '/settings?tab=profile',
  '/settings?tab=how-it-works',
  '/settings?tab=webhooks',
  '/settings?tab=accounts',
  '/settings?tab=billing',
];

async function seriousViolations(page: Page, path: string) {
  await page.goto(path);
  await settled(page);
  // label-content-name-mismatch is experimental in axe, but voice-control users say what they see.
  // Only violations are collected: axe then skips recording every node that passed.
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] })
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${path}: ${v.id} (${v.impact}) — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
}

// One test per scheme, size and side of the sign-in: eight tests of a few dozen seconds each share
// the workers evenly where four long ones left a long tail.
for (const scheme of ['light', 'dark'] as const) {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    test.describe(`no serious accessibility violations, ${name} ${scheme}`, () => {
      test.beforeEach(async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme: scheme });
      });

      test('signed out', async ({ page }) => {
        test.setTimeout(120_000);
        const found: string[] = [];
        for (const path of PUBLIC) found.push(...(await seriousViolations(page, path)));
        expect(found).toEqual([]);
      });

      test('signed in', async ({ page }) => {
        test.setTimeout(120_000);
        const user = await createConfirmedUser(`a11y-${name}-${scheme}-${Date.now()}@example.com`, 'A11y-pass-2026');
        await signInAs(page, user.email, user.password);
        const found: string[] = [];
        for (const path of SIGNED_IN) found.push(...(await seriousViolations(page, path)));
        expect(found).toEqual([]);
      });
    });
  }
}
