import { http, HttpResponse } from 'msw';

/** msw handlers for the Supabase surface every studio talks to (credits, prices, results, uploads, events). */
export const API = 'http://127.0.0.1:54321';

export const STUDIO_PRICES = [
  { studio: 'competitor_ad', preset: 'default', credits: 10, label: 'Competitor Ad Analyzer' },
  { studio: 'lightbox', preset: 'default', credits: 1, label: 'Lightbox' },
  { studio: 'refine_image', preset: 'default', credits: 2, label: 'Refine Image' },
  { studio: 'refine_image', preset: 'upscale', credits: 3, label: 'AI Upscaling' },
  { studio: 'spin360', preset: 'default', credits: 5, label: '360° Videos' },
  { studio: 'ugc', preset: 'default', credits: 5, label: 'UGC Video Creator' },
];

/** A trial user's credit summary with every studio available. */
export function summary(total: number) {
  return {
    total_credits: total,
    lightbox_credits_used: 0,
    ugc_credits_used: 0,
    spin360_credits_used: 0,
    refine_image_credits_used: 0,
    competitor_ad_credits_used: 0,
    subscription_plan: 'trial',
    subscription_status: 'active',
    can_use_lightbox: true,
    can_use_ugc: true,
    can_use_spin360: true,
    can_use_refine_image: true,
    can_use_competitor_ad: true,
  };
}

export function studioHandlers({ credits = 10, rows = [] as unknown[], jobId }: { credits?: number; rows?: unknown[]; jobId: string }) {
  return [
    http.post(`${API}/rest/v1/rpc/credit_summary`, () => HttpResponse.json(summary(credits))),
    // A queued job that cannot be sent is cancelled (refunded) by the studio; the worker refunds its own.
    http.post(`${API}/rest/v1/rpc/cancel_job`, () => HttpResponse.json({ job_id: jobId, status: 'failed', refunded: 0, changed: false })),
    http.get(`${API}/rest/v1/studio_prices`, () => HttpResponse.json(STUDIO_PRICES)),
    http.get(`${API}/rest/v1/content_generations`, () => HttpResponse.json(rows)),
    http.post(`${API}/storage/v1/object/sign/:bucket`, async ({ request }) => {
      const { paths } = (await request.json()) as { paths: string[] };
      return HttpResponse.json(paths.map((path) => ({ path, signedURL: `/object/sign/x/${path}?token=t`, error: null })));
    }),
    http.post(`${API}/storage/v1/object/upload/sign/raw-uploads/*`, ({ request }) => {
      const path = new URL(request.url).pathname.replace('/storage/v1', '');
      return HttpResponse.json({ url: `${path}?token=upload-token` });
    }),
    http.put(`${API}/storage/v1/object/upload/sign/raw-uploads/*`, () => HttpResponse.json({ Key: 'raw-uploads/x' })),
    http.post(`${API}/storage/v1/object/sign/raw-uploads/*`, () => HttpResponse.json({ signedURL: '/object/sign/raw-uploads/original?token=t' })),
    http.post(`${API}/functions/v1/analytics-tracker`, () => HttpResponse.json({ success: true }, { status: 201 })),
  ];
}

/** A JPEG's first bytes: enough for the magic-byte check. */
export function jpegFile(name = 'mug.jpg') {
  return new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1])], name, { type: 'image/jpeg' });
}
