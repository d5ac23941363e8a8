import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { server } from '@/test/msw/server';
import { storeTestSession, TEST_USER } from '@/test/session';
import { API } from '@/test/studio-handlers';
import { analyzeAd } from './analyze-ad';

const report = {
  width: 1080, height: 1080, aspect: '1:1',
  text: { full: 'Summer Sale', lines: [], confidence: 95, estimate: false },
  headline: { text: 'Summer Sale', source: 'OCR line 1 (top third, 95% sure)', estimate: false }, offer: null, cta: null, price: null,
  density: { share: 0.05, cells: Array(25).fill(false), cellCount: 2, passes: true },
  palette: [{ hex: '#1e3a8a', share: 0.8 }], contrast: null,
  layout: { text: 'text in the top third', product: null, productSide: 'centre', note: '' },
  placements: [], score: 80, reasons: [],
};

beforeEach(() => storeTestSession());
afterEach(() => authStore.reset());

describe('analyzeAd', () => {
  it('refuses a file that is not an image or a video before any upload or charge', async () => {
    // msw refuses any request this test does not expect: none may be made.
    await expect(analyzeAd(TEST_USER.id, { kind: 'file', file: new File(['just words'], 'ad.png', { type: 'image/png' }) }, 'x')).rejects.toMatchObject({
      message: expect.stringMatching(/^Failed to upload competitor ad: choose a JPEG, PNG or WebP image/),
    });
  });

  it('hands a link to the function as it is and reads the report back', async () => {
    let sent: unknown;
    server.use(
      http.post(`${API}/functions/v1/analyze-competitor-ad`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ success: true, job_id: '22222222-2222-4222-8222-222222222222', analysis: report, url: 'https://x/annotated.jpg' });
      }),
    );
    const analysis = await analyzeAd(TEST_USER.id, { kind: 'url', url: 'https://ads.example/summer.png' }, 'Summer');
    expect(sent).toMatchObject({ ad_url: 'https://ads.example/summer.png', user_id: TEST_USER.id, metadata: { title: 'Summer' } });
    expect(analysis).toMatchObject({ jobId: '22222222-2222-4222-8222-222222222222', annotatedUrl: 'https://x/annotated.jpg', report: { headline: { text: 'Summer Sale' } } });
  });

  it('shows the function\'s own words when it refuses (a private link, too few credits)', async () => {
    server.use(http.post(`${API}/functions/v1/analyze-competitor-ad`, () => HttpResponse.json({ success: false, error: 'This link points at a private address and is not fetched.' }, { status: 422 })));
    await expect(analyzeAd(TEST_USER.id, { kind: 'url', url: 'http://10.0.0.1/x.png' }, '')).rejects.toMatchObject({ message: 'This link points at a private address and is not fetched.' });
    server.use(http.post(`${API}/functions/v1/analyze-competitor-ad`, () => HttpResponse.json({ success: false, error: 'Insufficient credits', code: 'insufficient_credits' }, { status: 402 })));
    await expect(analyzeAd(TEST_USER.id, { kind: 'url', url: 'https://ads.example/a.png' }, '')).rejects.toMatchObject({ code: 'insufficient_credits' });
  });
});
