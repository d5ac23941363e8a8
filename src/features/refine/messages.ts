import type { StudioMessage } from '@/domains/jobs/image-file';
import { imageFileMessages } from '@/domains/jobs/image-file';

/** The refine toasts of docs/spec.md §5 and §8, verbatim. */
export const REFINE_MESSAGES = {
  insufficientCredits: { title: 'Insufficient Credits', description: "You don't have enough credits to refine an image. Please upgrade your plan." },
  refinementFailed: 'Refinement failed',
  downloadFailed: { title: 'Download failed', description: 'Failed to download the image. Please try again.' },
  nothingToDownload: { title: 'No images to download', description: 'Generate some refined images first.' },
  refreshFailed: { title: 'Refresh Failed', description: 'Could not refresh images. Please try again.' },
  cleared: { title: 'All images cleared', description: 'Refined images have been removed from your library.' },
} as const satisfies Record<string, StudioMessage | string>;

export const FILE_MESSAGES = imageFileMessages('refine');
