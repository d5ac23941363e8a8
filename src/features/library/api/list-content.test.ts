import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '@/test/msw/server';
import { storeTestSession } from '@/test/session';
import { API } from '@/test/studio-handlers';
import { listContent } from './list-content';
import { DEFAULT_SORT } from '../types';

const row = (id: string, content_type: string) => ({
  id, content_type, product_name: `Item ${id}`, bucket: 'processed', storage_path: `u/${content_type}/${id}.jpg`, thumbnail_path: null,
  mime_type: 'image/jpeg', bytes: 1000, width: 1080, height: 1920, credits_used: 0, created_at: '2026-11-20T10:00:00Z',
});
const IDS = { story: '11111111-1111-4111-8111-111111111111', portrait: '22222222-2222-4222-8222-222222222222', odd: '33333333-3333-4333-8333-333333333333', mug: '44444444-4444-4444-8444-444444444444' };
const filters = { userId: 'u', filter: 'all' as const, search: '', sort: DEFAULT_SORT };

beforeEach(() => storeTestSession());

function serve(rows: ReturnType<typeof row>[], placements: { id: string; placement: unknown }[], asked: URL[] = []) {
  server.use(
    http.post(`${API}/rest/v1/rpc/list_content`, () => HttpResponse.json({ items: rows, counts: null, next_cursor: null })),
    http.post(`${API}/functions/v1/get-download-url`, () => HttpResponse.json({ items: rows.map((r) => ({ id: r.id, url: `https://x.test/${r.id}`, thumbnail_url: null, missing: false })) })),
    http.get(`${API}/rest/v1/content_generations`, ({ request }) => {
      asked.push(new URL(request.url));
      return HttpResponse.json(placements);
    }),
  );
}

describe('listContent', () => {
  it("reads each ad variation's placement from its metadata (unknown placements are left out)", async () => {
    const asked: URL[] = [];
    serve([row(IDS.story, 'facebook_ad'), row(IDS.portrait, 'facebook_ad'), row(IDS.odd, 'facebook_ad'), row(IDS.mug, 'lightbox')], [
      { id: IDS.story, placement: 'stories_reels' },
      { id: IDS.portrait, placement: 'feed_portrait' },
      { id: IDS.odd, placement: '<script>' },
    ], asked);
    const page = await listContent(filters, null);
    expect(Object.fromEntries(page.items.map((i) => [i.id, i.placement]))).toEqual({ [IDS.story]: 'stories_reels', [IDS.portrait]: 'feed_portrait', [IDS.odd]: undefined, [IDS.mug]: undefined });
    expect(asked).toHaveLength(1);
    expect(asked[0]!.searchParams.get('select')).toBe('id,placement:metadata->>placement');
    expect(asked[0]!.searchParams.get('id')).toBe(`in.(${IDS.story},${IDS.portrait},${IDS.odd})`);
  });

  it('asks nothing more for a page without ads', async () => {
    const asked: URL[] = [];
    serve([row(IDS.mug, 'lightbox')], [], asked);
    const page = await listContent(filters, null);
    expect(page.items.map((i) => i.placement)).toEqual([undefined]);
    expect(asked).toHaveLength(0);
  });
});
