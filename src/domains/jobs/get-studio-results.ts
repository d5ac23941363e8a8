import { handleError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { RAW_UPLOADS_BUCKET, type ContentType } from '@shotcraft/shared/jobs/contract.ts';
import { createSignedUrls } from './signed-url';

/** A studio's finished result as the database has it, with signed URLs for the result and its original. */
export interface StudioResult {
  id: string;
  jobId: string | null;
  productName: string;
  url: string;
  /** The uploaded original, for a before/after view, while raw-uploads still has it. */
  originalUrl: string | null;
  thumbnailUrl: string | null;
  mimeType: string | null;
  width: number | null;
  height: number | null;
  createdAt: string;
  savedToStorage: boolean;
  /** The options the run was started with (start_job's). */
  input: Record<string, unknown>;
  /** The worker's per-studio details (refine: applied, ignored; lightbox: compliance…). */
  details: Record<string, unknown>;
  metadata: Record<string, unknown>;
}

interface ContentRow {
  id: string;
  job_id: string | null;
  product_name: string;
  bucket: string;
  storage_path: string | null;
  thumbnail_path: string | null;
  image_url: string | null;
  mime_type: string | null;
  width: number | null;
  height: number | null;
  input_data: unknown;
  output_data: unknown;
  metadata: unknown;
  created_at: string;
}

export const asRecord = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
export const asText = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);
export const asTexts = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);

/**
 * The user's most recent results of one studio (content_generations, newest first), every file
 * signed in one request per bucket. Rows whose file cannot be signed are left out rather than
 * shown broken.
 */
export async function getStudioResults(contentType: ContentType, limit: number): Promise<StudioResult[]> {
  const { data, error } = await supabase()
    .from('content_generations')
    .select('id, job_id, product_name, bucket, storage_path, thumbnail_path, image_url, mime_type, width, height, input_data, output_data, metadata, created_at')
    .eq('content_type', contentType)
    .eq('status', 'completed')
    .order('created_at', { ascending: false })
    .limit(limit);
  if (error) handleError(error, 'Failed to fetch media library');
  const rows = (data ?? []) as ContentRow[];

  const byBucket = new Map<string, string[]>();
  for (const row of rows) {
    const paths = [row.storage_path, row.thumbnail_path].filter((p): p is string => !!p);
    if (paths.length) byBucket.set(row.bucket, [...(byBucket.get(row.bucket) ?? []), ...paths]);
  }
  const originals = rows.map((r) => asText(asRecord(r.input_data).source_path)).filter((p): p is string => !!p);
  const [signed, signedOriginals] = await Promise.all([
    Promise.all([...byBucket].map(async ([bucket, paths]) => [bucket, await createSignedUrls(bucket, paths)] as const)).then((e) => new Map(e)),
    createSignedUrls(RAW_UPLOADS_BUCKET, originals),
  ]);

  return rows.flatMap((row): StudioResult[] => {
    const inBucket = signed.get(row.bucket);
    const url = (row.storage_path && inBucket?.get(row.storage_path)) || row.image_url;
    if (!url) return [];
    const input = asRecord(row.input_data);
    const source = asText(input.source_path);
    // Results carry per-studio facts in `details`; rows written before the studio kit had them at the top.
    const output = asRecord(row.output_data);
    return [
      {
        id: row.id,
        jobId: row.job_id,
        productName: row.product_name,
        url,
        originalUrl: (source && signedOriginals.get(source)) || null,
        thumbnailUrl: (row.thumbnail_path && inBucket?.get(row.thumbnail_path)) || null,
        mimeType: row.mime_type,
        width: row.width,
        height: row.height,
        createdAt: row.created_at,
        savedToStorage: !!row.storage_path,
        input,
        details: { ...output, ...asRecord(output.details) },
        metadata: asRecord(row.metadata),
      },
    ];
  });
}
