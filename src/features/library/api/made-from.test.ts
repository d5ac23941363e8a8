import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '@/test/msw/server';
import { storeTestSession } from '@/test/session';
import { API } from '@/test/studio-handlers';
import { madeFrom } from './made-from';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const row = (id: string, product_name: string) => ({
  id, content_type: 'lightbox', product_name, bucket: 'processed', storage_path: `u/${id}.jpg`, thumbnail_path: null,
  mime_type: 'image/jpeg', bytes: 1000, width: 2000, height: 2000, credits_used: 1, created_at: '2026-11-20T10:00:00Z',
});

beforeEach(() => storeTestSession());

describe('madeFrom', () => {
  it('lists the sources in the order used, leaving out what is gone or malformed', async () => {
    const asked: string[] = [];
    server.use(
      http.get(`${API}/rest/v1/content_generations`, ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.searchParams.get('id') ?? '');
        if (url.searchParams.get('select')?.startsWith('from_library')) return HttpResponse.json({ from_library: [B, 'x"; drop', A, '33333333-3333-4333-8333-333333333333'] });
        return HttpResponse.json([row(A, 'Mug'), row(B, 'Bottle')]);
      }),
      http.post(`${API}/functions/v1/get-download-url`, () => HttpResponse.json({ items: [A, B].map((id) => ({ id, url: `https://x.test/${id}`, thumbnail_url: null, missing: false })) })),
    );
    const items = await madeFrom('44444444-4444-4444-8444-444444444444');
    expect(items.map((i) => [i.id, i.name, i.urls?.url])).toEqual([[B, 'Bottle', `https://x.test/${B}`], [A, 'Mug', `https://x.test/${A}`]]);
    expect(asked[1]).toBe(`in.(${B},${A},33333333-3333-4333-8333-333333333333)`);
  });

  it('asks nothing more for a result made from an upload', async () => {
    let calls = 0;
    server.use(http.get(`${API}/rest/v1/content_generations`, () => (calls++, HttpResponse.json({ from_library: null }))));
    expect(await madeFrom('44444444-4444-4444-8444-444444444444')).toEqual([]);
    expect(calls).toBe(1);
  });
});
