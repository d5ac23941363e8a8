import { detectImageKind, IMAGE_KINDS, readHead } from '@/domains/jobs/image-file';
import { originalPath } from '@shotcraft/shared/jobs/contract.ts';
import { uploadRaw } from '@/domains/jobs/upload-original';
import { adReportSchema, type AdReport } from '@shotcraft/shared/jobs/studios/ads.ts';
import { detectVideoKind, VIDEO_KINDS } from '@/domains/jobs/video-file';
import { AppError } from '@/lib/errors';
import { invokeFunction } from '@/lib/invoke-function';

export type AdInput = { kind: 'file'; file: File } | { kind: 'url'; url: string };

export interface Analysis {
  jobId: string;
  report: AdReport;
  /** The ad with the text boxes and the grid drawn on it. */
  annotatedUrl: string | null;
}

/** Image types by their bytes; a video ad by its container's first bytes. */
async function typeOf(file: File): Promise<{ mime: string; ext: string } | null> {
  const head = await readHead(file, 16);
  const kind = detectImageKind(head);
  if (kind && kind !== 'gif' && kind !== 'bmp') return { mime: IMAGE_KINDS[kind].mime, ext: IMAGE_KINDS[kind].ext };
  const video = detectVideoKind(head);
  return video ? { mime: video, ext: VIDEO_KINDS[video].ext } : null;
}

/**
 * Analyses a competitor's ad: an uploaded file goes to the user's raw-uploads folder first; a
 * link is handed over as it is (the server refuses private addresses before any charge). The
 * analyze-competitor-ad function reserves the 10 credits and has the worker read the ad.
 */
export async function analyzeAd(userId: string, input: AdInput, title: string, onUpload?: (fraction: number) => void): Promise<Analysis> {
  let body: Record<string, unknown>;
  if (input.kind === 'file') {
    const type = await typeOf(input.file);
    if (!type) throw new AppError('validation', 'Failed to upload competitor ad: choose a JPEG, PNG or WebP image, or an MP4, MOV or WebM video.');
    if (input.file.size > 20 * 1024 * 1024) throw new AppError('validation', 'Failed to upload competitor ad: the file is over 20 MB.');
    const path = originalPath(userId, 'competitor_ad', type.ext, crypto.randomUUID(), Date.now());
    await uploadRaw(path, input.file, type.mime, onUpload);
    body = { source_path: path, user_id: userId, metadata: { title, file_name: input.file.name } };
  } else {
    body = { ad_url: input.url, user_id: userId, metadata: { title } };
  }
  const answer = await invokeFunction<{ success: boolean; job_id: string; analysis: unknown; url: string | null }>('analyze-competitor-ad', body, 'Failed to analyze competitor ad');
  const report = adReportSchema.safeParse(answer.analysis);
  if (!answer.success || !report.success) throw new AppError('server', 'Failed to analyze competitor ad');
  return { jobId: answer.job_id, report: report.data, annotatedUrl: answer.url };
}
