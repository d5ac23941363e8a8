import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
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

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Opens `path` as a user moving around the app does (the first page loaded, the next ones by the
 * router, as a click on a link would) and runs axe-core on it once it has settled. axe is put into
 * the page once and run directly: no new page load and no new copy of axe for every screen.
 */
async function seriousViolations(page: Page, path: string) {
  const loaded = await page.evaluate(() => document.readyState === 'complete' && 'axe' in window).catch(() => false);
  if (loaded) {
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  } else {
    await page.goto(path);
    await page.evaluate(AXE_SOURCE);
  }
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
  await settled(page);
  // label-content-name-mismatch is experimental in axe, but voice-control users say what they see.
  // Only violations are collected: axe then skips recording every node that passed.
  const { violations } = await page.evaluate(
    () =>
      (window as unknown as { axe: { run(c: Document, o: object): Promise<AxeResults> } }).axe.run(document, {
        rules: { 'label-content-name-mismatch': { enabled: true } },
        resultTypes: ['violations'],
      }),
  );
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
