import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render-app';

afterEach(() => vi.restoreAllMocks());

describe('routes', () => {
  it('shows the landing page at /', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: /product photos in/i })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/login');
  });

  it('shows the 404 page for an unknown route, links home and logs the 404 as an error', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/no/such/page');
    expect(await screen.findByText('404')).toBeInTheDocument();
    expect(screen.getByText('Oops! Page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /return to home/i })).toHaveAttribute('href', '/');
    expect(consoleError).toHaveBeenCalledWith(expect.stringMatching(/404/), expect.objectContaining({ path: '/no/such/page' }));
  });

  it('renders dashboard screens inside the dashboard shell', async () => {
    renderApp('/dashboard/refine-image');
    expect(await screen.findByRole('heading', { name: 'Refine Image Studio' })).toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'Dashboard' })[0]!;
    for (const label of ['Lightbox', 'Refine Image', '360° Videos', 'UGC Video Creator', 'Competitor Ad Analyzer', 'Library', 'Social Analytics', 'Credit Packs', 'Settings']) {
      expect(within(nav).getByRole('link', { name: label })).toBeInTheDocument();
    }
  });

  it.each([
    ['/login', 'Sign in'],
    ['/signup', 'Create your account'],
    ['/billing', 'Billing'],
    ['/settings?tab=profile', 'Settings'],
    ['/trial/lightbox', 'Trial Lightbox Studio'],
    ['/competitor-analyzer', 'Competitor Ad Analyzer'],
    ['/library', 'Video Library'],
    ['/auth/callback', 'Signing you in'],
    ['/auth/anything/else', 'Signing you in'],
    ['/dashboard/360-video', '360° Videos'],
    ['/dashboard/library', 'Content Library'],
  ])('registers %s', async (path, heading) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('an unknown dashboard route shows the 404 page inside the shell', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
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
