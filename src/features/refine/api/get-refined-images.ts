import { queryOptions, useQuery } from '@tanstack/react-query';
import { handleError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { GALLERY_LIMIT } from '../pager';
import { presetLabel } from '../presets';
import type { RefinedImage } from '../types';
import { createSignedUrls } from './create-signed-url';
import { refineKeys } from './keys';
import { RAW_UPLOADS_BUCKET } from './upload-original';

interface ContentRow {
  id: string;
  job_id: string | null;
  product_name: string;
  bucket: string;
  storage_path: string | null;
  image_url: string | null;
  mime_type: string | null;
  input_data: unknown;
  output_data: unknown;
  metadata: unknown;
  created_at: string;
}

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);

/** The badge text: the custom words for a custom run, else the preset's label. */
export function enhancementOf(row: Pick<ContentRow, 'product_name' | 'input_data' | 'metadata'>): string {
  const input = obj(row.input_data);
  const meta = obj(row.metadata);
  if (input.preset === 'custom' || meta.preset === 'custom') return str(input.custom_text) ?? 'Custom Enhancement';
  return presetLabel(str(meta.preset) ?? str(input.preset)) ?? str(meta.enhancement) ?? row.product_name.replace(/^Refined Image - /, '');
}

/**
 * The user's 9 most recent refine results (content_generations, newest first) with signed URLs
 * for the result and, when the run kept it, the uploaded original for the before/after view.
 * Rows whose file cannot be signed are left out rather than shown broken.
 */
export async function getRefinedImages(): Promise<RefinedImage[]> {
  const { data, error } = await supabase()
    .from('content_generations')
    .select('id, job_id, product_name, bucket, storage_path, image_url, mime_type, input_data, output_data, metadata, created_at')
    .eq('content_type', 'refine_image')
    .eq('status', 'completed')
    .order('created_at', { ascending: false })
    .limit(GALLERY_LIMIT);
  if (error) handleError(error, 'Failed to fetch media library');
  const rows = (data ?? []) as ContentRow[];

  const byBucket = new Map<string, string[]>();
  for (const row of rows) if (row.storage_path) byBucket.set(row.bucket, [...(byBucket.get(row.bucket) ?? []), row.storage_path]);
  const originals = rows.map((r) => str(obj(r.input_data).source_path)).filter((p): p is string => !!p);
  const [signed, signedOriginals] = await Promise.all([
    Promise.all([...byBucket].map(async ([bucket, paths]) => [bucket, await createSignedUrls(bucket, paths)] as const)).then((e) => new Map(e)),
    createSignedUrls(RAW_UPLOADS_BUCKET, originals),
  ]);

  return rows.flatMap((row): RefinedImage[] => {
    const url = (row.storage_path && signed.get(row.bucket)?.get(row.storage_path)) || row.image_url;
    if (!url) return [];
    const source = str(obj(row.input_data).source_path);
    const output = obj(row.output_data);
    return [
      {
        id: row.id,
        jobId: row.job_id,
        url,
        originalUrl: (source && signedOriginals.get(source)) || null,
        enhancement: enhancementOf(row),
        createdAt: row.created_at,
        savedToStorage: !!row.storage_path,
        applied: strings(output.applied),
        ignored: strings(output.ignored),
        mimeType: row.mime_type,
      },
    ];
  });
}

export const refinedImagesQuery = (userId: string) =>
  queryOptions({ queryKey: refineKeys.imageList(userId), queryFn: getRefinedImages, staleTime: 60_000 });

/** The gallery's images; a failed load is shown in the panel, not as a whole-screen error. */
export function useRefinedImages(userId: string | undefined) {
  return useQuery({ ...refinedImagesQuery(userId ?? ''), enabled: !!userId, throwOnError: false });
}
