import { TEST_USER } from '@/test/session';
import { studioHandlers } from '@/test/studio-handlers';

export { API, jpegFile } from '@/test/studio-handlers';

/** msw handlers mirroring the Supabase and worker surface the Lightbox studio talks to. */
export const WEBHOOK = 'http://127.0.0.1:54330/webhooks/lightbox';
export const JOB_ID = '33333333-3333-4333-8333-333333333333';

export function lightboxRow(jobId = JOB_ID) {
  return {
    id: '44444444-4444-4444-8444-444444444444',
    job_id: jobId,
    product_name: 'Blue mug',
    bucket: 'processed',
    storage_path: `${TEST_USER.id}/Lightbox/images/${jobId}.jpg`,
    thumbnail_path: null,
    image_url: null,
    mime_type: 'image/jpeg',
    width: 2000,
    height: 2000,
    input_data: { product_name: 'Blue mug', output: 'amazon', source_path: `${TEST_USER.id}/lightbox/x.jpg` },
    output_data: {
      details: {
        output: 'Amazon main image',
        background: 'Pure white',
        compliance: [
          { rule: 'Size 2000×2000 px', passed: true, detail: '2000×2000 px' },
          { rule: 'Background pure white (#FFFFFF)', passed: true, detail: 'every edge pixel is #FFFFFF' },
          { rule: 'Product fills at least 85% of the frame', passed: true, detail: '88%' },
        ],
        used: [],
        ignored: [],
        warnings: [] as string[],
      },
    },
    metadata: {} as Record<string, unknown>,
    created_at: '2026-11-24T09:00:00.000Z',
  };
}

export function baseHandlers({ credits = 10, rows = [] as ReturnType<typeof lightboxRow>[] } = {}) {
  return studioHandlers({ credits, rows, jobId: JOB_ID });
}
