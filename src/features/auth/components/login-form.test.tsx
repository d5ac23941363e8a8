import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { Toaster } from '@/components/ui/sonner';
import { env } from '@/lib/env';
import { server } from '@/test/msw/server';
import { LoginForm } from './login-form';

beforeAll(() => {
  // Radix's checkbox measures itself inside forms; jsdom has no ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

function goTrueRefuses(msg: string, errorCode: string) {
  server.use(http.post(`${env().VITE_SUPABASE_URL}/auth/v1/token`, () => HttpResponse.json({ code: 400, error_code: errorCode, msg }, { status: 400 })));
}

function renderLogin() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <LoginForm />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In to Dashboard' }));
}

describe('login form', () => {
  it('requires e-mail and password before calling the server', async () => {
    renderLogin();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign In to Dashboard' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it("maps 'Invalid login credentials' to the 'Sign In Failed' toast", async () => {
    goTrueRefuses('Invalid login credentials', 'invalid_credentials');
    renderLogin();
    await signIn('ada@example.com', 'wrong-password');
    expect(await screen.findByText('Sign In Failed')).toBeInTheDocument();
    expect(screen.getByText('The email or password you entered is incorrect. Please try again.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Email verification' })).not.toBeInTheDocument();
  });

  it("maps 'Email not confirmed' to 'Email Verification Required' and offers a resend for the typed e-mail", async () => {
    goTrueRefuses('Email not confirmed', 'email_not_confirmed');
    renderLogin();
    await signIn('new@example.com', 'Secret-pass-1');
    expect(await screen.findByText('Email Verification Required')).toBeInTheDocument();
    const panel = await screen.findByRole('region', { name: 'Email verification' });
    expect(panel).toHaveTextContent('new@example.com');
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeEnabled();
  });
});
