import type { GalleryWords } from '@/components/studio/types';
import { env } from '@/lib/env';
import type { ButtonLabels, StageWords } from '@/domains/jobs/run-stages';

/** The UGC video creator's words for the shared studio kit. */
export const UGC_STUDIO = {
  studio: 'ugc',
  title: 'UGC Video Creator',
  subtitle: 'Product photos and a script in, a voiced, captioned ad for TikTok, Reels and Shorts out',
  failure: 'Failed to render video',
  words: { service: 'the video service', processing: 'Voicing your script and rendering the ad…', ready: 'Your video ad is ready.', uploading: 'Uploading your photos…' } satisfies StageWords,
  labels: { idle: 'Render Video', preparing: 'Preparing Video...', processing: 'Rendering Video...', finishing: 'Checking Video...' } satisfies ButtonLabels,
  gallery: {
    title: 'UGC Videos',
    noun: 'UGC videos',
    unit: { one: 'video', other: 'videos' },
    loading: 'Loading UGC videos...',
    emptyTitle: 'No UGC videos yet',
    emptyHint: 'Render your first ad from a few product photos',
  } satisfies GalleryWords,
  messages: {
    insufficientCredits: { title: 'Insufficient Credits', description: "You don't have enough credits to render a video. Please upgrade your plan." },
    failed: 'Video render failed',
  },
  toasts: {
    downloadFailed: { title: 'Download failed', description: 'Failed to download the video. Please try again.' },
    nothingToDownload: { title: 'No videos to download', description: 'Render a video first.' },
    refreshFailed: { title: 'Refresh Failed', description: 'Could not refresh videos. Please try again.' },
    cleared: { title: 'All videos cleared', description: 'UGC videos have been removed from your library.' },
  },
} as const;

export const ugcWebhook = () => ({ url: env().VITE_WEBHOOK_UGC_URL, variable: 'VITE_WEBHOOK_UGC_URL' });
