import { AD_LIMITS, adReportSchema, type AdReport } from '@shotcraft/shared/jobs/studios/ads.ts';
import { originalPath } from '@shotcraft/shared/jobs/contract.ts';
import { adLinkProblem } from '@shotcraft/shared/url-safety.ts';
import { detectImageKind, IMAGE_KINDS, readHead } from '@/domains/jobs/image-file';
import type { SourceUploader } from '@/domains/jobs/run-job';
import type { JobReply } from '@/domains/jobs/send-job-request';
import { uploadRaw } from '@/domains/jobs/upload-original';
import { detectVideoKind, VIDEO_KINDS } from '@/domains/jobs/video-file';
import { AppError } from '@/lib/errors';

export type AdInput = { kind: 'file'; file: File } | { kind: 'url'; url: string };

export interface Analysis {
  jobId: string;
  report: AdReport;
  /** The ad with the text boxes and the grid drawn on it. */
  annotatedUrl: string | null;
}

const FAILED_UPLOAD = 'Failed to upload competitor ad';

/** Image types by their bytes; a video ad by its container's first bytes. */
async function typeOf(file: File): Promise<{ mime: string; ext: string } | null> {
  const head = await readHead(file, 16);
  const kind = detectImageKind(head);
  if (kind && kind !== 'gif' && kind !== 'bmp') return { mime: IMAGE_KINDS[kind].mime, ext: IMAGE_KINDS[kind].ext };
  const video = detectVideoKind(head);
  return video ? { mime: video, ext: VIDEO_KINDS[video].ext } : null;
}

/**
 * How the ad reaches the studio kit's job: an uploaded file goes to the user's raw-uploads folder
 * (checked first: an image or a video, within AD_LIMITS); a link stays a link, in the job's options,
 * for the worker to fetch (its form is checked before anything is charged: adLinkProblem).
 */
export function adUploader(userId: string, input: AdInput): SourceUploader {
  if (input.kind === 'url') {
    const problem = adLinkProblem(input.url);
    return async () => {
      if (problem) throw new AppError('validation', problem);
      return { sourcePath: null, imagePath: null };
    };
  }
  return async (onProgress) => {
    const type = await typeOf(input.file);
    if (!type) throw new AppError('validation', `${FAILED_UPLOAD}: choose a JPEG, PNG or WebP image, or an MP4, MOV or WebM video.`);
    if (input.file.size > AD_LIMITS.maxUploadBytes) throw new AppError('validation', `${FAILED_UPLOAD}: the file is over ${AD_LIMITS.maxUploadBytes / 1024 / 1024} MB.`);
    const path = originalPath(userId, 'competitor_ad', type.ext, crypto.randomUUID(), Date.now());
    await uploadRaw(path, input.file, type.mime, onProgress);
    return { sourcePath: path, imagePath: path };
  };
}

/** The title of an analysis: the user's, else the file's name or the link's site. */
export function adTitle(input: AdInput, given: string): string {
  if (given.trim()) return given.trim();
  if (input.kind === 'file') return input.file.name.replace(/\.[^.]+$/, '');
  try {
    return new URL(input.url).hostname;
  } catch {
    return 'Competitor ad';
  }
}

/** The worker's answer: the report in its details, and the annotated ad. */
export function analysisOf(jobId: string, reply: JobReply): Analysis {
  if (reply.kind === 'binary') throw new AppError('server', 'The ad analyzer answered with a file instead of a report. Check the webhook configuration.');
  const report = adReportSchema.safeParse(reply.result.details.report);
  if (!report.success) throw new AppError('server', 'Failed to analyze competitor ad');
  return { jobId, report: report.data, annotatedUrl: reply.result.url };
}
