import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/msw/server';
import { catalogHandlers, creditSummaryHandler, summary } from '../testing/credit-handlers';
import { renderDashboard } from '../testing/render-dashboard';
import { CreditBadge } from './credit-badge';

describe('CreditBadge', () => {
  it("reads 'Loading...' while the summary loads", async () => {
    server.use(...catalogHandlers, creditSummaryHandler('pending'));
    renderDashboard(<CreditBadge />);
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
  });

  it('shows the total credits and the plan name', async () => {
    server.use(...catalogHandlers, creditSummaryHandler(summary({ total_credits: 1234 })));
    renderDashboard(<CreditBadge />);
    const badge = await screen.findByRole('link', { name: /1,234 credits/ });
    expect(badge).toHaveTextContent('Professional');
    expect(badge).toHaveAttribute('href', '/dashboard/credit-packs');
  });

  it("reads 'No credits' at a zero balance", async () => {
    server.use(...catalogHandlers, creditSummaryHandler(summary({ total_credits: 0 })));
    renderDashboard(<CreditBadge />);
    expect(await screen.findByRole('link', { name: /No credits/ })).toBeInTheDocument();
  });

  it("reads 'No credits' when the summary cannot be read", async () => {
    server.use(...catalogHandlers, creditSummaryHandler('error'));
    renderDashboard(<CreditBadge />);
    expect(await screen.findByText('No credits')).toBeInTheDocument();
  });

  it("lists Lightbox, UGC and 360° usage with Available/Unavailable tags and the trial line", async () => {
    server.use(...catalogHandlers, creditSummaryHandler(summary({ total_credits: 3, subscription_plan: 'trial', lightbox_credits_used: 2, ugc_credits_used: 0, spin360_credits_used: 0 })));
    renderDashboard(<CreditBadge />);
    await userEvent.hover(await screen.findByRole('link', { name: /3 credits/ }));
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent('Lightbox: 2 usedAvailable');
    expect(tooltip).toHaveTextContent('UGC: 0 usedUnavailable');
    expect(tooltip).toHaveTextContent('360°: 0 usedUnavailable');
    expect(tooltip).toHaveTextContent('Trial plan - Upgrade for full access');
  });

  it('leaves the trial line out on a paid plan', async () => {
    server.use(...catalogHandlers, creditSummaryHandler(summary()));
    renderDashboard(<CreditBadge />);
    await userEvent.hover(await screen.findByRole('link', { name: /200 credits/ }));
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent('UGC: 5 usedAvailable');
    expect(tooltip).not.toHaveTextContent('Trial plan');
  });
});
