import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { catalogHandlers, creditSummaryHandler, dashboardStatsHandler, stats, summary } from '@/features/dashboard/testing/credit-handlers';
import { billingHandlers } from '@/features/billing/testing/billing-handlers';
import { baseHandlers as refineHandlers } from '@/features/refine/test/refine-handlers';
import { server } from '@/test/msw/server';
import { renderApp } from '@/test/render-app';
import { storeTestSession } from '@/test/session';

// Issue 33 #1: the sidebar tagged Refine "PRO" while the pricing cards said Starter includes Refine
// and Professional "every studio". Every screen now says what start_job enforces (plan_studios).
const starter = summary({ subscription_plan: 'starter', can_use_refine_image: false, can_use_spin360: false, can_use_ugc: false, can_use_competitor_ad: false });

beforeEach(() => {
  storeTestSession();
  server.use(...billingHandlers(), ...catalogHandlers, creditSummaryHandler(starter), dashboardStatsHandler(stats()));
});

const card = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('li')!;

describe('one statement of which plan includes which studio', { timeout: 30_000 }, () => {
  it('billing: each plan card lists its studios from the table, and Starter does not claim Refine', async () => {
    renderApp('/billing');
    await screen.findByRole('heading', { level: 3, name: 'Starter' });
    expect(card('Starter')).toHaveTextContent('Lightbox studio');
    expect(card('Starter')).not.toHaveTextContent(/Refine|every studio/i);
    expect(card('Professional')).toHaveTextContent('Lightbox, Refine Image and 360° Videos studios');
    expect(card('Professional')).not.toHaveTextContent(/every studio|UGC/i);
    expect(card('Enterprise')).toHaveTextContent('Every studio: Lightbox, Refine Image, 360° Videos, UGC Video Creator and Competitor Ad Analyzer');
  });

  it('a studio page and the sidebar name the same plan: Refine Image is Pro, locked for Starter', async () => {
    server.use(http.post('*/rest/v1/rpc/credit_summary', () => HttpResponse.json(starter)), ...refineHandlers());
    renderApp('/dashboard/refine-image');
    const notice = await screen.findByRole('region', { name: 'Refine Image is part of the Professional plan' });
    expect(within(notice).getByRole('link', { name: 'Upgrade to Professional' })).toHaveAttribute('href', '/billing?plan=professional');
    const nav = screen.getAllByRole('navigation', { name: 'Dashboard' })[0]!;
    expect(within(nav).getByRole('link', { name: 'Refine Image' })).toHaveAccessibleDescription(/^Pro\s*plan, not in yours/);
    expect(within(nav).getByRole('link', { name: 'UGC Video Creator' })).toHaveAccessibleDescription(/^Enterprise\s*plan, not in yours/);
    expect(within(nav).getByRole('link', { name: 'Lightbox' })).toHaveAccessibleDescription(/^Starter\s*1 credit/);
  });

  it('How it works says which plans include each studio and that a trial may try them all', async () => {
    renderApp('/settings?tab=how-it-works');
    const studios = await screen.findByRole('list', { name: 'Studios' });
    const guide = (name: string) => within(studios).getByText(name).closest('li')!;
    expect(guide('Lightbox Studio')).toHaveTextContent('Plans: Every plan');
    expect(guide('Refine Image')).toHaveTextContent('Plans: Professional and Enterprise');
    expect(guide('360° Spin')).toHaveTextContent('Plans: Professional and Enterprise');
    expect(guide('UGC Video Creator')).toHaveTextContent('Plans: Enterprise');
    expect(guide('Competitor Ad Analyzer')).toHaveTextContent('Plans: Enterprise');
    expect(screen.getByText(/A trial account may try every studio with its free credits\./)).toBeInTheDocument();
  });
});
