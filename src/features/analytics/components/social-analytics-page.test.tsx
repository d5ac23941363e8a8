import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CreditProvider } from '@/domains/credits/credit-provider';
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
  post_count: 2,
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

type Sent = { p_sort: string; p_ascending: boolean; p_offset: number; p_limit: number };

/** social_analytics_posts as the server answers it: the posts in the order asked for, a page of them. */
function postsHandler(all: ReturnType<typeof post>[], asked: Sent[] = []) {
  return http.post(`${API}/rest/v1/rpc/social_analytics_posts`, async ({ request }) => {
    const body = (await request.json()) as Sent;
    asked.push(body);
    const key = (body.p_sort === 'views' ? 'video_views' : body.p_sort) as keyof ReturnType<typeof post>;
    const sorted = [...all].sort((a, b) => ((a[key] as number) - (b[key] as number)) * (body.p_ascending ? 1 : -1));
    return HttpResponse.json({ total: all.length, posts: sorted.slice(body.p_offset, body.p_offset + body.p_limit) });
  });
}

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
      postsHandler(REPORT.posts),
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

    const table = await screen.findByRole('region', { name: 'Posts and their figures' });
    const firstCell = () => within(table).getAllByRole('row')[1]!;
    expect(within(firstCell()).getByText('Instagram')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Impressions' }));
    await waitFor(() => expect(within(firstCell()).getByText('X')).toBeInTheDocument());
    expect(screen.getByText('2 posts')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Posts CSV' }));
    await waitFor(() => expect(saved.blobs).toHaveLength(1));
    const csv = await readText(saved.blobs[0]!.blob);
    expect(saved.blobs[0]!.name).toMatch(/^social-analytics-posts-/);
    expect(csv).toContain("'=cmd|calc");
    expect(csv.split('\r\n')[1]).toMatch(/^2026-11-24T10:00:00Z,X,Hello,300,/);

    await user.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText('Synced 1 account')).toBeInTheDocument();
    await waitFor(() => expect(asked.length).toBeGreaterThan(1));
  });

  it('with no connected accounts it points to Settings', async () => {
    server.use(http.post(`${API}/rest/v1/rpc/social_analytics_report`, () => HttpResponse.json({ ...REPORT, posts: [], post_count: 0, accounts: [] })));
    renderAs('enterprise');
    expect(await screen.findByText('No connected accounts yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connect an account' })).toHaveAttribute('href', '/settings?tab=accounts');
  });

  it('shows every post of the period a page at a time, and the CSV has them all', async () => {
    const many = Array.from({ length: 1234 }, (_, i) => post({ post_id: `p${i}`, platform: i % 2 ? 'instagram' : 'pinterest', impressions: i, caption: `Post ${i}` }));
    const asked: Sent[] = [];
    server.use(
      http.post(`${API}/rest/v1/rpc/social_analytics_report`, () => HttpResponse.json({ ...REPORT, posts: many.slice(-5).reverse(), post_count: many.length })),
      postsHandler(many, asked),
    );
    const user = userEvent.setup();
    renderAs('professional');
    const table = await screen.findByRole('region', { name: 'Posts and their figures' });
    const pages = screen.getByRole('navigation', { name: 'Pages of posts' });
    expect(await within(pages).findByText('Posts 1–50 of 1,234')).toBeInTheDocument();
    expect(within(pages).getByText('Page 1 of 25')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Post 1233');

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await within(pages).findByText('Posts 51–100 of 1,234')).toBeInTheDocument();
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Post 1183'));
    expect(asked.at(-1)).toMatchObject({ p_sort: 'impressions', p_ascending: false, p_offset: 50, p_limit: 50 });

    // Sorting asks the server for that order and starts again at the first page.
    await user.click(within(table).getByRole('button', { name: 'Impressions' }));
    expect(await within(pages).findByText('Posts 1–50 of 1,234')).toBeInTheDocument();
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Post 0'));
    expect(asked.at(-1)).toMatchObject({ p_sort: 'impressions', p_ascending: true, p_offset: 0 });

    // The CSV: every post, read in pages of 1,000, in the table's order.
    await user.click(screen.getByRole('button', { name: 'Posts CSV' }));
    await waitFor(() => expect(saved.blobs).toHaveLength(1));
    const lines = (await readText(saved.blobs[0]!.blob)).trim().split('\r\n');
    expect(lines).toHaveLength(1 + 1234);
    expect(lines[1]).toContain(',Post 0,0,');
    expect(lines.at(-1)).toContain(',Post 1233,1233,');
    expect(asked.slice(-2).map((a) => [a.p_offset, a.p_limit])).toEqual([[0, 1000], [1000, 1000]]);
  });
});
