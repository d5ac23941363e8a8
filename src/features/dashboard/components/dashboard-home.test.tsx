import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUTH_STORAGE_KEY } from '@/lib/auth/stored-session';
import { authStore } from '@/lib/auth/auth-store';
import { server } from '@/test/msw/server';
import { catalogHandlers, creditSummaryHandler, dashboardStatsHandler, stats, summary } from '../testing/credit-handlers';
import { renderDashboard } from '../testing/render-dashboard';
import { DashboardHome } from './dashboard-home';

function signInAs(email: string) {
  localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ access_token: 'a.b.c', refresh_token: 'r', user: { id: 'u1', email } }));
  authStore.reset();
}

const statValue = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement!.querySelector('dd')!;

describe('DashboardHome', () => {
  it('greets the user by the part of the e-mail before the @', async () => {
    signInAs('ada.lovelace@example.com');
    server.use(...catalogHandlers, creditSummaryHandler(summary()), dashboardStatsHandler(stats()));
    renderDashboard(<DashboardHome />);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, ada.lovelace' })).toBeInTheDocument();
    await screen.findByText("Here's what's happening in your studio.");
  });

  it("reads 'Loading dashboard...' with skeleton cards until the stats arrive", async () => {
    signInAs('ada@example.com');
    server.use(...catalogHandlers, creditSummaryHandler(summary()), dashboardStatsHandler('pending'));
    renderDashboard(<DashboardHome />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading dashboard...');
    expect(statValue('Total Generations').querySelector('[data-slot="skeleton"]')).toBeInTheDocument();
    // The price list still arrives while the stats are pending.
    expect(await screen.findByText('10 credits')).toBeInTheDocument();
  });

  it('fills the Generation Overview from one dashboard_stats call', async () => {
    signInAs('ada@example.com');
    let calls = 0;
    server.use(...catalogHandlers, creditSummaryHandler(summary()), dashboardStatsHandler(stats({ total_generations: 1234, total_views: 2800 }), () => calls++));
    renderDashboard(<DashboardHome />);
    await screen.findByText("Here's what's happening in your studio.");
    expect(statValue('Total Generations')).toHaveTextContent('1,234');
    expect(statValue('Total Views')).toHaveTextContent('2,800');
    expect(statValue('Engagement')).toHaveTextContent('299');
    expect(statValue('Credits Used')).toHaveTextContent('19');
    const perStudio = screen.getByRole('list', { name: 'Generations by studio' });
    expect(within(perStudio).getByText('Refined Images').closest('li')).toHaveTextContent('3');
    expect(within(perStudio).getByText('Competitor Ads').closest('li')).toHaveTextContent('0');
    expect(calls).toBe(1);
  });

  it('lists recent activity with its status and links every feature card with its cost', async () => {
    signInAs('ada@example.com');
    server.use(...catalogHandlers, creditSummaryHandler(summary()), dashboardStatsHandler(stats()));
    renderDashboard(<DashboardHome />);
    const activity = await screen.findByRole('region', { name: 'Recent Activity' });
    expect(await within(activity).findByText('Sharpness & Detail')).toBeInTheDocument();
    expect(within(activity).getByText('Failed')).toBeInTheDocument();
    const features = screen.getByRole('region', { name: 'Feature Overview' });
    const ugc = within(features).getByRole('link', { name: /UGC Video Creator/ });
    expect(ugc).toHaveAttribute('href', '/dashboard/ugc-studio');
    expect(await within(ugc).findByText('5 credits')).toBeInTheDocument();
  });
});
