import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/msw/server';
import { renderStudioAt } from '@/test/render-studio';
import { storeTestSession, TEST_USER } from '@/test/session';
import { API, STUDIO_PRICES } from '@/test/studio-handlers';
import { SettingsPage } from './settings-page';

const PROFILE = {
  user_id: TEST_USER.id,
  email: TEST_USER.email,
  full_name: 'Nora Lind',
  first_name: 'Nora',
  last_name: 'Lind',
  company: 'Mug Co',
  role: 'founder',
  team_size: 'small',
  use_case: 'product',
  avatar_url: null,
};

const renderAt = (path: string) => renderStudioAt(path, { '/settings': <SettingsPage />, '/login': <p>Login screen</p> });

describe('Settings', () => {
  it('shows How it works to a signed-out visitor, with the real prices, and asks them to sign in for the profile', async () => {
    server.use(http.get(`${API}/rest/v1/studio_prices`, () => HttpResponse.json(STUDIO_PRICES)));
    renderAt('/settings?tab=how-it-works');
    const studios = await screen.findByRole('list', { name: 'Studios' });
    const lightbox = within(studios).getByText('Lightbox Studio').closest('li')!;
    expect(await within(lightbox).findByLabelText('Price: 1 credit')).toBeInTheDocument();
    expect(within(lightbox).getByRole('link', { name: 'Try it free' })).toHaveAttribute('href', '/trial/lightbox');

    await userEvent.click(screen.getByRole('tab', { name: 'Profile' }));
    expect(await screen.findByText('Sign in to see Profile')).toBeInTheDocument();
  });

  it('edits the profile: saves names, company and role, and mirrors the name into the session', async () => {
    storeTestSession();
    const patches: unknown[] = [];
    const metadata: unknown[] = [];
    server.use(
      http.get(`${API}/rest/v1/profiles`, () => HttpResponse.json(PROFILE)),
      http.patch(`${API}/rest/v1/profiles`, async ({ request }) => {
        patches.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
      http.put(`${API}/auth/v1/user`, async ({ request }) => {
        metadata.push(await request.json());
        return HttpResponse.json({ id: TEST_USER.id, email: TEST_USER.email, aud: 'authenticated', role: 'authenticated', app_metadata: {}, user_metadata: { full_name: 'Nora Berg' } });
      }),
    );
    renderAt('/settings?tab=profile');
    const first = await screen.findByLabelText('First name');
    expect(first).toHaveValue('Nora');
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();

    await userEvent.clear(screen.getByLabelText('Last name'));
    await userEvent.type(screen.getByLabelText('Last name'), 'Berg');
    await userEvent.click(screen.getByRole('combobox', { name: 'Team size' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Medium (11-50)' }));
    await userEvent.click(save);

    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(patches).toEqual([{ first_name: 'Nora', last_name: 'Berg', full_name: 'Nora Berg', company: 'Mug Co', role: 'founder', team_size: 'medium', use_case: 'product' }]);
    expect(metadata.map((m) => (m as { data: unknown }).data)).toEqual([{ full_name: 'Nora Berg', first_name: 'Nora', last_name: 'Berg' }]);
  });

  it('refuses a file that is not an image before uploading anything', async () => {
    storeTestSession();
    server.use(http.get(`${API}/rest/v1/profiles`, () => HttpResponse.json(PROFILE)));
    renderAt('/settings?tab=profile');
    const input = await screen.findByLabelText('Profile photo file');
    // a text file named like a PNG: its bytes say otherwise
    await userEvent.upload(input, new File(['hello, not a picture'], 'me.png', { type: 'image/png' }), { applyAccept: false });
    expect(await screen.findByText('Failed to upload image')).toBeInTheDocument();
    expect(screen.getByText('Choose a JPEG, PNG or WebP image.')).toBeInTheDocument();
  });

  it('asks for the e-mail to be typed before the account can be deleted', async () => {
    storeTestSession();
    server.use(http.get(`${API}/rest/v1/profiles`, () => HttpResponse.json(PROFILE)));
    renderAt('/settings?tab=profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('alertdialog');
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(/to confirm/), 'someone@else.com');
    expect(confirm).toBeDisabled();
    await userEvent.clear(within(dialog).getByLabelText(/to confirm/));
    await userEvent.type(within(dialog).getByLabelText(/to confirm/), TEST_USER.email);
    await waitFor(() => expect(confirm).toBeEnabled());
  });
});
