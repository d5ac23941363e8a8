import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { PASSWORD_HINT } from '@/lib/auth/password-strength';
import { AUTH_STORAGE_KEY } from '@/lib/auth/stored-session';
import { server } from '@/test/msw/server';
import { renderStudio } from '@/test/render-studio';
import { storeTestSession, TEST_USER } from '@/test/session';
import { API } from '@/test/studio-handlers';
import { PasswordChangeForm } from './password-change-form';

/** GoTrue names the error in `code` for clients that send this API version (supabase-js does). */
const GOTRUE_2024 = { 'x-supabase-api-version': '2024-01-01' };
const USER = { id: TEST_USER.id, email: TEST_USER.email, aud: 'authenticated', role: 'authenticated', app_metadata: {}, user_metadata: {} };

/** PUT /auth/v1/user as GoTrue answers it with require-current-password on. */
function authServer(current: string) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.put(`${API}/auth/v1/user`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      const refuse = (code: string) => HttpResponse.json({ code, message: 'Current password required when setting new password.' }, { status: 400, headers: GOTRUE_2024 });
      if (!body.current_password) return refuse('current_password_required');
      if (body.current_password !== current) return refuse('current_password_invalid');
      return HttpResponse.json(USER);
    }),
  );
  return bodies;
}

async function fill(fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) await userEvent.type(screen.getByLabelText(label), value);
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('Settings → Change password', () => {
  it('asks for the current password and sends it with the new one', async () => {
    storeTestSession();
    const bodies = authServer('Old-pass-2026');
    renderStudio(<PasswordChangeForm />);
    expect(screen.getByLabelText('Current password')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByText(PASSWORD_HINT)).toBeInTheDocument();
    await fill({ 'Current password': 'Old-pass-2026', 'New password': 'New-pass-2027', 'Confirm new password': 'New-pass-2027' });
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ password: 'New-pass-2027', current_password: 'Old-pass-2026' });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('refuses to send without the current password, and names what the new one needs', async () => {
    storeTestSession();
    const bodies = authServer('Old-pass-2026');
    renderStudio(<PasswordChangeForm />);
    await fill({ 'New password': 'abcdefgh', 'Confirm new password': 'abcdefgh' });
    expect(await screen.findByText('Enter your current password.')).toBeInTheDocument();
    expect(screen.getByText('Password must have at least 8 characters, an uppercase letter, a lowercase letter and a number')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([]);
  });

  it('shows a wrong current password under its field, keeps what was typed, and changes nothing', async () => {
    storeTestSession();
    const bodies = authServer('Old-pass-2026');
    renderStudio(<PasswordChangeForm />);
    await fill({ 'Current password': 'Guess-pass-1', 'New password': 'New-pass-2027', 'Confirm new password': 'New-pass-2027' });
    expect(await screen.findByText('Your current password is not correct.')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription('Your current password is not correct.');
    // A success clears the form; a refusal keeps it for another try.
    expect(screen.getByLabelText('Current password')).toHaveValue('Guess-pass-1');
    expect(screen.getByLabelText('New password')).toHaveValue('New-pass-2027');
    expect(bodies).toHaveLength(1);
  });

  it('lets someone who has only signed in with Google set a first password without a current one', async () => {
    storeTestSession();
    const stored = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY)!);
    stored.user.identities = [{ provider: 'google', identity_id: 'g1', id: '1', user_id: TEST_USER.id, identity_data: {} }];
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(stored));
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.put(`${API}/auth/v1/user`, async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(USER);
      }),
    );
    renderStudio(<PasswordChangeForm />);
    await waitFor(() => expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument());
    await userEvent.type(screen.getByLabelText('New password'), 'First-pass-2027');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'First-pass-2027');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(screen.getByLabelText('New password')).toHaveValue(''));
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ password: 'First-pass-2027' });
    expect(bodies[0]).not.toHaveProperty('current_password');
  });
});
