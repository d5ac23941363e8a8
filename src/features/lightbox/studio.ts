import type { GalleryWords } from '@/components/studio/types';
import { env } from '@/lib/env';
import { imageFileMessages } from '@/domains/jobs/image-file';
import type { ButtonLabels, StageWords } from '@/domains/jobs/run-stages';

/** The Lightbox studio's words for the shared studio kit. */
export const LIGHTBOX_STUDIO = {
  studio: 'lightbox',
  title: 'Lightbox Studio',
  subtitle: 'Catalogue-ready product photos on clean backgrounds, sized for each marketplace',
  failure: 'Failed to generate lightbox image',
  words: { service: 'the lightbox service', processing: 'Cutting out your product and setting the scene…', ready: 'Your lightbox image is ready.' } satisfies StageWords,
  labels: { idle: 'Create Lightbox Image', preparing: 'Preparing Image...', processing: 'Creating Image...', finishing: 'Checking Image...' } satisfies ButtonLabels,
  gallery: {
    title: 'Lightbox Images',
    noun: 'lightbox images',
    unit: { one: 'image', other: 'images' },
    loading: 'Loading lightbox images...',
    emptyTitle: 'No lightbox images yet',
    emptyHint: 'Turn your first product photo into a catalogue shot',
  } satisfies GalleryWords,
  messages: {
    insufficientCredits: { title: 'Insufficient Credits', description: "You don't have enough credits to create a lightbox image. Please upgrade your plan." },
    failed: 'Lightbox image failed',
  },
  toasts: {
    downloadFailed: { title: 'Download failed', description: 'Failed to download the image. Please try again.' },
    nothingToDownload: { title: 'No images to download', description: 'Create some lightbox images first.' },
    refreshFailed: { title: 'Refresh Failed', description: 'Could not refresh images. Please try again.' },
    cleared: { title: 'All images cleared', description: 'Lightbox images have been removed from your library.' },
  },
  files: imageFileMessages('turn into a lightbox image'),
} as const;

/** What the preflight (credits, then the photo) says when a lightbox run cannot start. */
export const LIGHTBOX_PREFLIGHT = { insufficientCredits: LIGHTBOX_STUDIO.messages.insufficientCredits, missing: LIGHTBOX_STUDIO.files.missing };

export const lightboxWebhook = () => ({ url: env().VITE_WEBHOOK_LIGHTBOX_URL, variable: 'VITE_WEBHOOK_LIGHTBOX_URL' });

const TRIAL_MEGAPIXELS = 25;

/** A visitor's free try (`trial-lightbox`): smaller limits than the studio's, and its own words. */
export const LIGHTBOX_TRIAL = {
  limits: { maxBytes: 10 * 1024 * 1024, maxPixels: TRIAL_MEGAPIXELS * 1_000_000 },
  files: {
    ...imageFileMessages('try the lightbox on'),
    tooLarge: { title: 'File too large', description: 'Please select an image smaller than 10MB.' },
    tooManyPixels: (width: number, height: number) => ({
      title: 'Image too large',
      description: `${width}×${height} pixels is over the ${TRIAL_MEGAPIXELS}-megapixel limit of a free try. Resize it and try again.`,
    }),
  },
  run: 'Try it free',
  running: 'Creating your image…',
  signUp: 'Sign up to get the full-resolution image',
} as const;
