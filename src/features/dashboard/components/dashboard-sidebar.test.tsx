import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/msw/server';
import { catalogHandlers, creditSummaryHandler, summary } from '../testing/credit-handlers';
import { renderDashboard } from '../testing/render-dashboard';
import { DashboardSidebar } from './dashboard-sidebar';

describe('DashboardSidebar', () => {
  it('shows every studio with its tier and its price from studio_prices (UGC costs 5)', async () => {
    server.use(...catalogHandlers, creditSummaryHandler(summary()));
    renderDashboard(<DashboardSidebar />);
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    const expected: [string, RegExp][] = [
      ['Lightbox', /Starter\s*1 credit/],
      ['Refine Image', /Pro\s*2 credits/],
      ['360° Videos', /Pro\s*5 credits/],
      // Professional leaves these two out: they say so.
      ['UGC Video Creator', /Enterprise\s*plan, not in yours,\s*5 credits/],
      ['Competitor Ad Analyzer', /Enterprise\s*plan, not in yours,\s*10 credits/],
    ];
    for (const [name, description] of expected) {
      const link = within(nav).getByRole('link', { name });
      await expect.poll(() => link.textContent).toMatch(description);
    }
  });

  it('locks Social Analytics on the trial plan with an alert naming the plan to upgrade to', async () => {
    server.use(...catalogHandlers, creditSummaryHandler(summary({ subscription_plan: 'trial', total_credits: 5 })));
    renderDashboard(<DashboardSidebar />);
    const locked = await screen.findByRole('button', { name: 'Social Analytics (locked)' });
    expect(screen.queryByRole('link', { name: 'Social Analytics' })).not.toBeInTheDocument();
    expect(locked).toHaveTextContent('Pro+');
    await userEvent.click(locked);
    expect(screen.getByRole('alert')).toHaveTextContent('Upgrade to Professional');
    expect(screen.getByRole('alert')).toHaveTextContent('Upgrade to the Professional plan to unlock it.');
  });

  it('locks Social Analytics on the starter plan too', async () => {
    server.use(...catalogHandlers, creditSummaryHandler(summary({ subscription_plan: 'starter' })));
    renderDashboard(<DashboardSidebar />);
    expect(await screen.findByRole('button', { name: 'Social Analytics (locked)' })).toBeInTheDocument();
  });

  it.each(['professional', 'enterprise'] as const)('opens Social Analytics on the %s plan', async (plan) => {
    server.use(...catalogHandlers, creditSummaryHandler(summary({ subscription_plan: plan })));
    renderDashboard(<DashboardSidebar />);
    await screen.findByRole('link', { name: 'Social Analytics' });
    expect(screen.getByRole('link', { name: 'Social Analytics' })).toHaveAttribute('href', '/dashboard/social-analytics');
    expect(screen.queryByRole('button', { name: /locked/ })).not.toBeInTheDocument();
  });

  it('locks the studios a starter plan leaves out, naming the plan of each, and keeps them reachable (issue 33 #1)', async () => {
    server.use(...catalogHandlers, creditSummaryHandler(summary({ subscription_plan: 'starter' })));
    renderDashboard(<DashboardSidebar />);
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    const lightbox = within(nav).getByRole('link', { name: 'Lightbox' });
    await waitFor(() => expect(within(nav).getAllByTestId('studio-locked')).toHaveLength(4));
    expect(within(lightbox).queryByTestId('studio-locked')).not.toBeInTheDocument();
    for (const [name, plan] of [['Refine Image', 'Pro'], ['360° Videos', 'Pro'], ['UGC Video Creator', 'Enterprise'], ['Competitor Ad Analyzer', 'Enterprise']]) {
      const link = within(nav).getByRole('link', { name });
      expect(link).toHaveAccessibleDescription(new RegExp(`^${plan}\\s*plan, not in yours`));
      expect(within(link).getByTestId('studio-locked')).toBeInTheDocument();
    }
  });

  it('locks only UGC and the Ad Analyzer for a professional plan, and nothing for a trial', async () => {
    server.use(...catalogHandlers, creditSummaryHandler(summary({ subscription_plan: 'professional' })));
    const { unmount } = renderDashboard(<DashboardSidebar />);
    await waitFor(() => expect(screen.getAllByTestId('studio-locked')).toHaveLength(2));
    expect(within(screen.getByRole('link', { name: 'UGC Video Creator' })).getByTestId('studio-locked')).toBeInTheDocument();
    unmount();
    server.use(creditSummaryHandler(summary({ subscription_plan: 'trial', total_credits: 5 })));
    renderDashboard(<DashboardSidebar />);
    await screen.findByRole('button', { name: 'Social Analytics (locked)' });
    expect(screen.queryAllByTestId('studio-locked')).toHaveLength(0);
  });
});
