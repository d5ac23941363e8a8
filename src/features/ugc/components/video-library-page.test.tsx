import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { nameHoldsShownText, shownText } from '@/test/label-in-name';
import { server } from '@/test/msw/server';
import { renderStudio } from '@/test/render-studio';
import { TEST_USER, storeTestSession } from '@/test/session';
import { API } from '@/test/studio-handlers';
import { VideoLibraryPage } from './video-library-page';

function row(type: 'ugc_video' | '360_video', id: string, name: string, input: Record<string, unknown>, createdAt: string) {
  const base = `${TEST_USER.id}/${type === 'ugc_video' ? 'UGC' : '360 Spin'}/${id}`;
  return {
    id, job_id: id, product_name: name, bucket: 'videos', storage_path: `${base}.mp4`, thumbnail_path: `${base}/poster.jpg`, image_url: null, mime_type: 'video/mp4',
    width: 1080, height: 1920, input_data: input, output_data: { details: {} }, metadata: { duration_seconds: 15 }, created_at: createdAt, content_type: type,
  };
}
const ROWS = [
  row('ugc_video', '11111111-1111-4111-8111-111111111111', 'Skincare Serum UGC Ad', { product: { name: 'Skincare Serum' } }, '2026-11-25T10:00:00Z'),
  row('360_video', '22222222-2222-4222-8222-222222222222', 'Sneaker 360° Spin', { title: 'Sneaker 360° Spin' }, '2026-11-24T10:00:00Z'),
];

beforeEach(() => {
  storeTestSession();
  server.use(
    http.get(`${API}/rest/v1/content_generations`, ({ request }) => {
      const type = new URL(request.url).searchParams.get('content_type')?.replace(/^eq\./, '');
      return HttpResponse.json(ROWS.filter((r) => r.content_type === type));
    }),
    http.post(`${API}/storage/v1/object/sign/:bucket`, async ({ request }) => {
      const { paths } = (await request.json()) as { paths: string[] };
      return HttpResponse.json(paths.map((path) => ({ path, signedURL: `/object/sign/videos/${path}?token=t`, error: null })));
    }),
  );
});

describe('VideoLibraryPage', () => {
  it('names each video with the words its tile shows (label in name): the title, then the kind', async () => {
    renderStudio(<VideoLibraryPage />);
    const list = await screen.findByRole('list', { name: 'Videos' });
    const tiles = within(list).getAllByRole('button');
    expect(tiles.map((t) => t.getAttribute('aria-label'))).toEqual(['Play Skincare Serum, UGC Video', 'Play Sneaker 360° Spin, 360° Video']);
    expect(tiles.map((t) => shownText(t))).toEqual(['Skincare Serum UGC Video', 'Sneaker 360° Spin 360° Video']);
    for (const tile of tiles) expect(nameHoldsShownText(tile.getAttribute('aria-label') ?? '', tile)).toBe(true);
  });
});
