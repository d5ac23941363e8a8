import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createPopulatedUser } from './populated-support';
import { createConfirmedUser, settled, signInAs, VIEWPORTS } from './support';

/**
 * An accessibility scan (axe-core) of every screen, signed out and signed in, at 1280 and 390 px,
 * light and dark: no serious or critical violations. Signed in twice: a new trial account (empty
 * screens) and a populated one (results in every studio, a full library, posts, analytics, a paid
 * plan), where status badges, counts and result tiles appear.
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
  '/dashboard/calendar',
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
  '/settings?tab=posts',
  '/settings?tab=billing',
];

/** What the populated account's screens show before they are scanned (galleries show the newest first): the scan is of content, not of an empty state. */
const CONTENT: Record<string, (page: Page) => Locator> = {
  '/dashboard': (page) => page.getByRole('region', { name: 'Recent Activity' }).getByText('Failed', { exact: true }),
  '/dashboard/lightbox': (page) => page.getByRole('button', { name: /^Open Linen Tote Bag,/ }),
  '/dashboard/refine-image': (page) => page.getByRole('button', { name: /^Open Sharpness & Detail,/ }),
  '/dashboard/360-video': (page) => page.getByRole('button', { name: /^Open Desk Lamp 360° Spin,/ }),
  '/dashboard/ugc-studio': (page) => page.getByRole('button', { name: /^Open Cold Brew Coffee,/ }),
  '/dashboard/competitor-ad-analyzer': (page) => page.getByRole('list', { name: 'Past analyses' }).getByText('Summer Skin Sale'),
  '/dashboard/library': (page) => page.getByRole('button', { name: 'All Content 15', pressed: true }),
  '/dashboard/social-analytics': (page) => page.getByRole('region', { name: 'Posts and their figures' }).getByText(/New in the shop/).first(),
  '/library': (page) => page.getByText('Skincare Serum', { exact: false }).first(),
  '/settings?tab=webhooks': (page) => page.getByText('https://hooks.example.com/shotcraft').first(),
  '/settings?tab=accounts': (page) => page.getByText('shotcraft.studio').first(),
  '/settings?tab=posts': (page) => page.getByText('Weekend sale starts now #sale').first(),
};

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Opens `path` as a user moving around the app does (the first page loaded, the next ones by the
 * router, as a click on a link would) and runs axe-core on it once it has settled. axe is put into
 * the page once and run directly: no new page load and no new copy of axe for every screen.
 */
async function seriousViolations(page: Page, path: string, content?: (page: Page) => Locator) {
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
  if (content) await expect(content(page), `${path} shows its content`).toBeVisible();
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

// One test per scheme, size and side of the sign-in: twelve tests of a few dozen seconds each share
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

      test('signed in, with content', async ({ page }) => {
        test.setTimeout(180_000);
        const user = await createPopulatedUser(`a11y-${name}-${scheme}`);
        await signInAs(page, user.email, user.password);
        const found: string[] = [];
        for (const path of SIGNED_IN) found.push(...(await seriousViolations(page, path, CONTENT[path])));
        expect(found).toEqual([]);
      });
    });
  }
}
