import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';

// Issue 33 #8: 'Get Started' opened 'Sign in — Welcome back!' for a new visitor.
describe('the landing page’s calls to action for a signed-out visitor', () => {
  // The sign-up screen is a lazy route: its first import here is Vitest transforming its whole
  // module graph (a browser gets one prebuilt chunk), seconds on a busy 2-core machine. Loaded
  // before the tests, so the click's 5 s measure the app, not the transform (it timed out twice
  // in a row under load).
  beforeAll(() => import('@/app/routes/signup'), 60_000);

  it.each(['Get Started', 'Start Creating', 'Claim your free credits', 'Start Saving Now'])('"%s" leads to sign-up', async (name) => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: /product photos in/i });
    const link = screen.getByRole('link', { name: new RegExp(`^${name}`) });
    expect(link).toHaveAttribute('href', '/signup');
  });

  it('no call to begin sends a visitor to sign-in: only "Sign In" does (header and mobile menu)', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: /product photos in/i });
    const toLogin = screen.getAllByRole('link', { hidden: true }).filter((a) => a.getAttribute('href') === '/login');
    expect(toLogin.map((a) => a.textContent?.trim())).toEqual(['Sign In', 'Sign In']);
  });

  it('"Get Started" opens "Create your account", not sign-in', async () => {
    renderApp('/');
    const header = await screen.findByRole('banner');
    await userEvent.click(within(header).getByRole('link', { name: 'Get Started' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
    expect(screen.queryByText(/Welcome back!/)).not.toBeInTheDocument();
  });
});
