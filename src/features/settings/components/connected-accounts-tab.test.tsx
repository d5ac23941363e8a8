import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '@/test/msw/server';
import { stubLocationAssign } from '@/test/location';
import { renderStudioAt } from '@/test/render-studio';
import { storeTestSession } from '@/test/session';
import { API } from '@/test/studio-handlers';
import { ConnectedAccountsTab } from './connected-accounts-tab';

const X_ACCOUNT = { id: 'a1', platform: 'twitter', username: 'shotcraftdemo', follower_count: 540, is_active: true, token_expires_at: '2026-11-26T00:00:00Z', created_at: '2026-11-25T00:00:00Z' };
const assign = stubLocationAssign();

beforeEach(() => storeTestSession());

const renderAt = (path: string) => renderStudioAt(path, { '/settings': <ConnectedAccountsTab /> });

describe('Connected accounts', () => {
  it('lists the five platforms with the connected account, and starts a platform’s consent', async () => {
    let sent: unknown;
    server.use(
      http.get(`${API}/rest/v1/social_accounts`, () => HttpResponse.json([X_ACCOUNT])),
      http.post(`${API}/functions/v1/social-connect`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ success: true, url: 'http://127.0.0.1:54328/instagram/oauth/authorize?state=s' });
      }),
    );
    const user = userEvent.setup();
    renderAt('/settings?tab=accounts');
    expect(await screen.findByText('@shotcraftdemo')).toBeInTheDocument();
    expect(screen.getByText('540 followers')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Disconnect X' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Connect Instagram' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://127.0.0.1:54328/instagram/oauth/authorize?state=s'));
    expect(sent).toEqual({ platform: 'instagram', return_path: '/settings?tab=accounts' });
  });

  it('finishes the connection the platform sent back with this session, and says how it went', async () => {
    let finished: unknown;
    let connected = false;
    server.use(
      http.get(`${API}/rest/v1/social_accounts`, () => HttpResponse.json(connected ? [X_ACCOUNT] : [])),
      http.post(`${API}/functions/v1/social-connect-finish`, async ({ request }) => {
        finished = await request.json();
        connected = true;
        return HttpResponse.json({ success: true, platform: 'twitter', username: 'shotcraftdemo' });
      }),
    );
    renderAt(`/settings?tab=accounts&connect_ticket=${'t'.repeat(43)}`);
    expect(await screen.findByText('X connected')).toBeInTheDocument();
    expect(finished).toEqual({ ticket: 't'.repeat(43) });
    expect(await screen.findByText('@shotcraftdemo')).toBeInTheDocument();
  });

  it('says why a connection was not saved (started from another account)', async () => {
    server.use(
      http.get(`${API}/rest/v1/social_accounts`, () => HttpResponse.json([])),
      http.post(`${API}/functions/v1/social-connect-finish`, () =>
        HttpResponse.json({ success: false, error: 'This connection was started from another Shotcraft account, so it was not saved.' }, { status: 403 }),
      ),
    );
    renderAt(`/settings?tab=accounts&connect_ticket=${'u'.repeat(43)}`);
    expect(await screen.findByText('The account was not connected')).toBeInTheDocument();
    expect(screen.getByText(/started from another Shotcraft account/)).toBeInTheDocument();
  });

  it('shows the SPEC’s words when the accounts cannot be loaded', async () => {
    server.use(http.get(`${API}/rest/v1/social_accounts`, () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    renderAt('/settings?tab=accounts');
    expect(await screen.findByText('Error: Failed to load connected social media accounts')).toBeInTheDocument();
  });

  it('disconnects an account', async () => {
    let deleted = '';
    server.use(
      http.get(`${API}/rest/v1/social_accounts`, () => HttpResponse.json(deleted ? [] : [X_ACCOUNT])),
      http.post(`${API}/functions/v1/social-disconnect`, async ({ request }) => {
        deleted = ((await request.json()) as { account_id: string }).account_id;
        return HttpResponse.json({ success: true, revoked: true });
      }),
    );
    const user = userEvent.setup();
    renderAt('/settings?tab=accounts');
    await user.click(await screen.findByRole('button', { name: 'Disconnect X' }));
    expect(await screen.findByText('Account disconnected')).toBeInTheDocument();
    expect(deleted).toBe('a1');
    expect(await screen.findByRole('button', { name: 'Connect X' })).toBeInTheDocument();
  });
});
