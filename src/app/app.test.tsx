import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogHandlers, creditSummaryHandler, dashboardStatsHandler, stats, summary } from '@/features/dashboard/testing/credit-handlers';
import { billingHandlers } from '@/features/billing/testing/billing-handlers';
import { server } from '@/test/msw/server';
import { renderApp } from '@/test/render-app';
import { storeTestSession } from '@/test/session';

// The sidebar reads the price list on every dashboard screen.
beforeEach(() => server.use(...catalogHandlers));
afterEach(() => vi.restoreAllMocks());

describe('routes', () => {
  it('shows the landing page at /', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: /product photos in/i })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup');
  });

  it('shows the 404 page for an unknown route, links home and logs the 404 as an error', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/no/such/page');
    expect(await screen.findByText('404')).toBeInTheDocument();
    expect(screen.getByText('Oops! Page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /return to home/i })).toHaveAttribute('href', '/');
    expect(consoleError).toHaveBeenCalledWith(expect.stringMatching(/404/), expect.objectContaining({ path: '/no/such/page' }));
  });

  it.each([
    ['/login', 'Sign in'],
    ['/signup', 'Create your account'],
    ['/billing', 'Billing'],
    ['/settings?tab=profile', 'Settings'],
    ['/trial/lightbox', 'Try the Lightbox free'],
    ['/competitor-analyzer', 'Competitor Ad Analyzer'],
    ['/library', 'Video Library'],
    ['/auth/callback', 'Signing you in'],
    ['/auth/anything/else', 'Signing you in'],
  ])('registers %s', async (path, heading) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it.each(['/login', '/signup'])('sends someone already signed in from %s on to the dashboard', async (path) => {
    server.use(creditSummaryHandler(summary()), dashboardStatsHandler(stats()));
    storeTestSession();
    renderApp(path);
    expect(await screen.findByText(/Welcome back, /)).toBeInTheDocument();
  });

  it('asks a signed-out visitor of /billing to sign in', async () => {
    renderApp('/billing');
    expect(await screen.findByText('Sign in to see Billing')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  });
});

describe('dashboard routes', () => {
  beforeEach(() => {
    server.use(creditSummaryHandler(summary()), dashboardStatsHandler(stats()), ...billingHandlers());
  });

  it('asks a signed-out visitor to sign in', async () => {
    renderApp('/dashboard/360-video');
    expect(await screen.findByText('Please sign in to access the dashboard')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  });

  it('shows a signed-in user the screen inside the shell with every sidebar entry', async () => {
    storeTestSession();
    renderApp('/dashboard/credit-packs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Credit Packs' })).toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'Dashboard' })[0]!;
    for (const label of ['Lightbox', 'Refine Image', '360° Videos', 'UGC Video Creator', 'Competitor Ad Analyzer', 'Library', 'Social Analytics', 'Credit Packs', 'Settings']) {
      expect(within(nav).getByRole('link', { name: new RegExp(label) })).toBeInTheDocument();
    }
  });

  it('shows the 404 page inside the shell for an unknown dashboard route', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    storeTestSession();
    renderApp('/dashboard/nope');
    expect(await screen.findByText('Oops! Page not found')).toBeInTheDocument();
    expect(screen.getAllByRole('navigation', { name: 'Dashboard' }).length).toBeGreaterThan(0);
  });
});

describe('theme', () => {
  it('switches to dark and remembers the choice', async () => {
    const user = userEvent.setup();
    renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Toggle theme' }));
    await user.click(await screen.findByRole('menuitemradio', { name: /dark/i }));
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem('shotcraft-theme')).toBe('dark');
  });
});
