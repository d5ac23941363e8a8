import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '@/test/msw/server';
import { renderStudio } from '@/test/render-studio';
import { storeTestSession } from '@/test/session';
import { API } from '@/test/studio-handlers';
import { PostsTab } from './posts-tab';

const row = (over: Record<string, unknown>) => ({ id: 'p', platform: 'twitter', caption: 'Hello', status: 'posted', error: null, scheduled_for: null, posted_at: '2026-11-25T10:00:00Z', post_url: null, created_at: '2026-11-25T09:00:00Z', content_id: null, social_account_id: 'a', ...over });

beforeEach(() => storeTestSession());

describe('Settings → Posts', () => {
  it('lists posted, scheduled and failed posts; Retry sends a failed one again and Cancel removes a scheduled one', async () => {
    const retried: unknown[] = [];
    const deleted: string[] = [];
    server.use(
      http.get(`${API}/rest/v1/social_posts`, () =>
        HttpResponse.json([
          row({ id: 'p1', post_url: 'https://x.example/1' }),
          row({ id: 'p2', platform: 'pinterest', status: 'scheduled', scheduled_for: '2026-12-01T09:00:00Z', posted_at: null }),
          row({ id: 'p3', platform: 'instagram', status: 'failed', posted_at: null, error: 'The platform is limiting posts right now. Try again later.' }),
        ]),
      ),
      http.post(`${API}/functions/v1/social-post`, async ({ request }) => {
        retried.push(await request.json());
        return HttpResponse.json({ success: true, results: [{ post_id: 'p3', platform: 'instagram', status: 'posted' }] });
      }),
      http.delete(`${API}/rest/v1/social_posts`, ({ request }) => {
        deleted.push(new URL(request.url).searchParams.get('id')!);
        return new HttpResponse(null, { status: 204, headers: { 'Content-Range': '*/1' } });
      }),
    );
    const user = userEvent.setup();
    renderStudio(<PostsTab />);
    const list = await screen.findByRole('list', { name: 'Posts' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getByRole('link', { name: 'View on X' })).toHaveAttribute('href', 'https://x.example/1');
    expect(within(list).getByText('The platform is limiting posts right now. Try again later.')).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Retry on Instagram' }));
    expect(await screen.findByText('Posted to Instagram')).toBeInTheDocument();
    expect(retried).toEqual([{ retry_post_id: 'p3' }]);

    await user.click(within(list).getByRole('button', { name: 'Cancel post on Pinterest' }));
    expect(await screen.findByText('Scheduled post cancelled')).toBeInTheDocument();
    expect(deleted).toEqual(['eq.p2']);
  });

  it('says when there are no posts yet', async () => {
    server.use(http.get(`${API}/rest/v1/social_posts`, () => HttpResponse.json([])));
    renderStudio(<PostsTab />);
    expect(await screen.findByText(/No posts yet/)).toBeInTheDocument();
  });
});
