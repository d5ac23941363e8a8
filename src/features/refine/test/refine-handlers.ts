import { http, HttpResponse } from 'msw';
import { TEST_USER } from '@/test/session';

/** msw handlers mirroring the Supabase and worker surface the Refine studio talks to. */
export const API = 'http://127.0.0.1:54321';
export const WEBHOOK = 'http://127.0.0.1:54330/webhooks/refine';
export const USER_ID = TEST_USER.id;
export const JOB_ID = '22222222-2222-4222-8222-222222222222';

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

export function contentRow(i: number, preset = 'color'): ContentRowFixture {
  return {
    id: `00000000-0000-4000-8000-00000000000${i}`,
    job_id: `00000000-0000-4000-9000-00000000000${i}`,
    product_name: 'Refined Image - Color Correction',
    bucket: 'processed',
    storage_path: `${USER_ID}/Refined-Images/job-${i}.jpg`,
    image_url: null,
    mime_type: 'image/jpeg',
    input_data: { preset },
    output_data: { applied: ['white balance'] },
    metadata: { preset },
    created_at: new Date(Date.UTC(2026, 10, 20 - i)).toISOString(),
  };
}

export function baseHandlers({ credits = 10, rows = [] as ContentRowFixture[] } = {}) {
  return [
    http.post(`${API}/rest/v1/rpc/credit_summary`, () => HttpResponse.json(summary(credits))),
    // A queued job that cannot be sent is cancelled (refunded) by the studio; the worker refunds its own.
    http.post(`${API}/rest/v1/rpc/cancel_job`, () => HttpResponse.json({ job_id: JOB_ID, status: 'failed', refunded: 0, changed: false })),
    http.get(`${API}/rest/v1/studio_prices`, () =>
      HttpResponse.json([
        { studio: 'refine_image', preset: 'default', credits: 2, label: 'Refine Image' },
        { studio: 'refine_image', preset: 'upscale', credits: 3, label: 'AI Upscaling' },
      ]),
    ),
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

export interface ContentRowFixture {
  id: string;
  job_id: string;
  product_name: string;
  bucket: string;
  storage_path: string;
  image_url: null;
  mime_type: string;
  input_data: Record<string, unknown>;
  output_data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  created_at: string;
}
