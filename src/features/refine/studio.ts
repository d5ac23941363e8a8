import { env } from '@/lib/env';
import type { ButtonLabels, StageWords } from '@/domains/jobs/run-stages';
import type { GalleryWords } from '@/components/studio/types';
import { REFINE_MESSAGES } from './messages';

/** Refine Image's words for the shared studio kit (docs/spec.md §2, §4). */
export const REFINE_STUDIO = {
  studio: 'refine_image',
  title: 'Refine Image Studio',
  subtitle: 'AI-powered image enhancement and refinement',
  failure: 'Failed to refine image',
  words: { service: 'the refine service', processing: 'Refining your image…', ready: 'Your refined image is ready.' } satisfies StageWords,
  labels: { idle: 'Refine Image', preparing: 'Preparing Image...', processing: 'Refining Image...', finishing: 'Checking Image...' } satisfies ButtonLabels,
  gallery: {
    title: 'Refined Images',
    noun: 'refined images',
    unit: { one: 'image', other: 'images' },
    loading: 'Loading refined images...',
    emptyTitle: 'No refined images yet',
    emptyHint: 'Generate your first enhanced image',
  } satisfies GalleryWords,
  messages: { insufficientCredits: REFINE_MESSAGES.insufficientCredits, failed: REFINE_MESSAGES.refinementFailed },
} as const;

export const refineWebhook = () => ({ url: env().VITE_WEBHOOK_REFINE_URL, variable: 'VITE_WEBHOOK_REFINE_URL' });
