import { TEST_USER } from '@/test/session';
import { studioHandlers } from '@/test/studio-handlers';

export { API, jpegFile, summary } from '@/test/studio-handlers';

/** msw handlers mirroring the Supabase and worker surface the Refine studio talks to. */
export const WEBHOOK = 'http://127.0.0.1:54330/webhooks/refine';
export const USER_ID = TEST_USER.id;
export const JOB_ID = '22222222-2222-4222-8222-222222222222';

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
  return studioHandlers({ credits, rows, jobId: JOB_ID });
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
