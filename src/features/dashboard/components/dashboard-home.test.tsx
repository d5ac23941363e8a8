import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '@/test/msw/server';
import { storeTestSession } from '@/test/session';
import { catalogHandlers, creditSummaryHandler, dashboardStatsHandler, stats, summary } from '../testing/credit-handlers';
import { renderDashboard } from '../testing/render-dashboard';
import { DashboardHome } from './dashboard-home';

// A session valid for a day: the greeting reads the user for as long as the screen is open.
const signInAs = (email: string) => storeTestSession({ id: 'u1', email });

const statValue = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement!.querySelector('dd')!;

const profileOf = (firstName: string | null, fullName: string | null) =>
  http.get('*/rest/v1/profiles', () => HttpResponse.json({ user_id: 'u1', email: 'maria.walk@example.com', first_name: firstName, full_name: fullName, avatar_url: null }));

describe('DashboardHome', () => {
  beforeEach(() => sessionStorage.clear());

  it('greets the user by the part of the e-mail before the @', async () => {
    signInAs('ada.lovelace@example.com');
    server.use(...catalogHandlers, creditSummaryHandler(summary()), dashboardStatsHandler(stats()));
    renderDashboard(<DashboardHome />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, ada.lovelace' })).toBeInTheDocument();
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

  describe('the greeting (issue 33 #9)', () => {
    it('greets a brand-new user by the first name she gave, with "Welcome"', async () => {
      signInAs('maria.walk@example.com');
      server.use(profileOf('Maria', 'Maria Walk'), ...catalogHandlers, creditSummaryHandler(summary()), dashboardStatsHandler(stats({ total_generations: 0, recent_activity: [] })));
      renderDashboard(<DashboardHome />);
      expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Maria' })).toBeInTheDocument();
      await screen.findByText("Here's what's happening in your studio.");
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome, Maria');
    });

    it('says "Welcome back" with the first name to a user who has made something', async () => {
      signInAs('maria.walk@example.com');
      server.use(profileOf('Maria', 'Maria Walk'), ...catalogHandlers, creditSummaryHandler(summary()), dashboardStatsHandler(stats()));
      renderDashboard(<DashboardHome />);
      expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Maria' })).toBeInTheDocument();
    });

    it('keeps "Welcome" for the rest of the first visit after the first job', async () => {
      signInAs('maria.walk@example.com');
      let activity = stats({ total_generations: 0, recent_activity: [] });
      server.use(profileOf('Maria', null), ...catalogHandlers, creditSummaryHandler(summary()), dashboardStatsHandler(activity));
      const first = renderDashboard(<DashboardHome />);
      expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Maria' })).toBeInTheDocument();
      first.unmount();
      activity = stats();
      server.use(dashboardStatsHandler(activity));
      renderDashboard(<DashboardHome />);
      await screen.findByText("Here's what's happening in your studio.");
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome, Maria');
    });

    it('falls back to the e-mail name only when the user gave no name', async () => {
      signInAs('maria.walk@example.com');
      server.use(profileOf(null, null), ...catalogHandlers, creditSummaryHandler(summary()), dashboardStatsHandler(stats()));
      renderDashboard(<DashboardHome />);
      await screen.findByText("Here's what's happening in your studio.");
      expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, maria.walk' })).toBeInTheDocument();
    });
  });
});
