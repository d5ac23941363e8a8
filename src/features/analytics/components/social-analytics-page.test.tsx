import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CreditProvider } from '@/lib/credits/credit-provider';
import { server } from '@/test/msw/server';
import { renderStudio } from '@/test/render-studio';
import { storeTestSession } from '@/test/session';
import { API, STUDIO_PRICES, summary } from '@/test/studio-handlers';
import type * as Download from '@/lib/download';
import { SocialAnalyticsPage } from './social-analytics-page';

const saved = vi.hoisted(() => ({ blobs: [] as { blob: Blob; name: string }[] }));
vi.mock('@/lib/download', async (original) => ({ ...(await original<typeof Download>()), saveBlob: (blob: Blob, name: string) => saved.blobs.push({ blob, name }) }));

const post = (over: Record<string, unknown>) => ({ post_id: 'p', platform: 'twitter', caption: 'Hello', posted_at: '2026-11-24T10:00:00Z', post_url: null, content_id: null, impressions: 100, reach: null, likes: 5, comments: 1, shares: 0, saves: 0, video_views: null, synced_at: '2026-11-25T10:00:00Z', ...over });
const REPORT = {
  from: '2026-10-27',
  to: '2026-11-25',
  allowed: true,
  totals: { impressions: 1500, reach: 900, likes: 60, comments: 6, shares: 4, saves: 8, views: 0 },
  previous: { impressions: 1000, reach: 0, likes: 80, comments: 0, shares: 0, saves: 0, views: 0 },
  daily: [{ date: '2026-11-25', impressions: 1500, likes: 60, comments: 6, shares: 4, saves: 8, views: 0 }],
  posts: [post({ post_id: 'a', platform: 'instagram', impressions: 1200, caption: '=cmd|calc' }), post({ post_id: 'b', platform: 'twitter', impressions: 300 })],
  accounts: [
    { id: 'x', platform: 'twitter', username: 'shopx', is_active: true, synced_at: new Date(Date.now() - 5 * 60_000).toISOString(), error: null },
    { id: 't', platform: 'tiktok', username: 'shop.tt', is_active: true, synced_at: null, error: 'Reconnect needed: connect the account again in Settings.' },
  ],
};

/** jsdom's Blob has no text(): read it as a browser would. */
const readText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

beforeEach(() => {
  storeTestSession();
  saved.blobs.length = 0;
});

function renderAs(plan: string) {
  server.use(
    http.post(`${API}/rest/v1/rpc/credit_summary`, () => HttpResponse.json({ ...summary(10), subscription_plan: plan })),
    http.get(`${API}/rest/v1/studio_prices`, () => HttpResponse.json(STUDIO_PRICES)),
  );
  return renderStudio(
    <CreditProvider>
      <SocialAnalyticsPage />
    </CreditProvider>,
  );
}

describe('Social Analytics', () => {
  it('a trial user sees the lock and the upgrade alert, and no data is asked for', async () => {
    let asked = false;
    server.use(http.post(`${API}/rest/v1/rpc/social_analytics_report`, () => ((asked = true), HttpResponse.json(REPORT))));
    renderAs('trial');
    expect(await screen.findByText('Upgrade to Professional')).toBeInTheDocument();
    expect(screen.getByText('Social Analytics is a Pro+ feature. Upgrade to the Professional plan to unlock it.')).toBeInTheDocument();
    expect(asked).toBe(false);
  });

  it('a professional user sees totals with their change, sync state, sorted posts and exports them as safe CSV', async () => {
    const asked: unknown[] = [];
    server.use(
      http.post(`${API}/rest/v1/rpc/social_analytics_report`, async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json(REPORT);
      }),
      http.post(`${API}/functions/v1/social-analytics-sync`, () => HttpResponse.json({ success: true, accounts: [{ id: 'x', platform: 'twitter', status: 'synced', posts: 1 }] })),
    );
    const user = userEvent.setup();
    renderAs('professional');
    const totals = await screen.findByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('1,500')).toBeInTheDocument();
    expect(within(totals).getByText('+50% vs previous 30 days')).toBeInTheDocument();
    expect(within(totals).getByText('-25% vs previous 30 days')).toBeInTheDocument();
    expect(screen.getByText('Last synced 5 minutes ago')).toBeInTheDocument();
    expect(screen.getByText(/TikTok \(@shop\.tt\): Reconnect needed/)).toBeInTheDocument();
    expect(asked[0]).toMatchObject({ p_from: expect.any(String), p_to: expect.any(String) });

    const table = screen.getByRole('region', { name: 'Posts and their figures' });
    const firstCell = () => within(table).getAllByRole('row')[1]!;
    expect(within(firstCell()).getByText('Instagram')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Impressions' }));
    expect(within(firstCell()).getByText('X')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Posts CSV' }));
    const csv = await readText(saved.blobs[0]!.blob);
    expect(saved.blobs[0]!.name).toMatch(/^social-analytics-posts-/);
    expect(csv).toContain("'=cmd|calc");
    expect(csv.split('\r\n')[1]).toMatch(/^2026-11-24T10:00:00Z,X,Hello,300,/);

    await user.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText('Synced 1 account')).toBeInTheDocument();
    await waitFor(() => expect(asked.length).toBeGreaterThan(1));
  });

  it('with no connected accounts it points to Settings', async () => {
    server.use(http.post(`${API}/rest/v1/rpc/social_analytics_report`, () => HttpResponse.json({ ...REPORT, posts: [], accounts: [] })));
    renderAs('enterprise');
    expect(await screen.findByText('No connected accounts yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connect an account' })).toHaveAttribute('href', '/settings?tab=accounts');
  });
});
