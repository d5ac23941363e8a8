import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/msw/server';
import { storeTestSession } from '@/test/session';
import { catalogHandlers, creditSummaryHandler, summary } from '../testing/credit-handlers';
import { renderDashboard } from '../testing/render-dashboard';
import { balanceLine, CreditsCard } from './credits-card';

describe('Your Credits', () => {
  it('says a balance above the plan truthfully: 419 credits left beside 300 monthly credits, never "419 of 300"', async () => {
    storeTestSession();
    server.use(...catalogHandlers, creditSummaryHandler(summary({ total_credits: 419, subscription_plan: 'professional' })));
    renderDashboard(<CreditsCard />);
    expect(await screen.findByText('419 credits left · 300 monthly credits with Professional')).toBeInTheDocument();
    expect(screen.queryByText(/419 of 300/)).not.toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAccessibleDescription('419 credits left · 300 monthly credits with Professional');
  });

  it('names the trial\'s free credits', async () => {
    storeTestSession();
    server.use(...catalogHandlers, creditSummaryHandler(summary({ total_credits: 1, subscription_plan: 'trial' })));
    renderDashboard(<CreditsCard />);
    expect(await screen.findByText('1 credit left · 5 free credits with the trial')).toBeInTheDocument();
  });
});

describe('balanceLine', () => {
  it('reads the same below, at and above the plan\'s credits', () => {
    expect(balanceLine(120, 'starter', 199)).toBe('120 credits left · 199 monthly credits with Starter');
    expect(balanceLine(1500, 'enterprise', 1200)).toBe('1,500 credits left · 1,200 monthly credits with Enterprise');
    expect(balanceLine(0, 'trial', 5)).toBe('0 credits left · 5 free credits with the trial');
  });
});
