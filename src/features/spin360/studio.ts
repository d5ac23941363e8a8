import type { GalleryWords } from '@/components/studio/types';
import { env } from '@/lib/env';
import type { ButtonLabels, StageWords } from '@/domains/jobs/run-stages';
import { SPIN_MESSAGES } from './spin-source';

/** The 360° spin studio's words for the shared studio kit. */
export const SPIN_STUDIO = {
  studio: 'spin360',
  title: '360° Spin Studio',
  subtitle: 'Turn a photo sequence or a turntable video into a spin shoppers can drag',
  failure: 'Failed to create 360° spin',
  words: {
    service: 'the 360° spin service',
    processing: 'Framing your photos and rendering the spin…',
    ready: 'Your 360° spin is ready.',
    uploading: 'Uploading your photos…',
  } satisfies StageWords,
  labels: { idle: 'Create 360° Spin', preparing: 'Preparing Spin...', processing: 'Rendering Spin...', finishing: 'Checking Spin...' } satisfies ButtonLabels,
  gallery: {
    title: '360° Spins',
    noun: '360° spins',
    unit: { one: 'video', other: 'videos' },
    loading: 'Loading 360° spins...',
    emptyTitle: 'No 360° spins yet',
    emptyHint: 'Drop the photos of one turn of your product to make your first spin',
  } satisfies GalleryWords,
  messages: { insufficientCredits: SPIN_MESSAGES.insufficientCredits, failed: '360° spin failed' },
  toasts: {
    downloadFailed: { title: 'Download failed', description: 'Failed to download the file. Please try again.' },
    nothingToDownload: { title: 'No spins to download', description: 'Create a 360° spin first.' },
    refreshFailed: { title: 'Refresh Failed', description: 'Could not refresh spins. Please try again.' },
    cleared: { title: 'All spins cleared', description: '360° spins have been removed from your library.' },
  },
} as const;

export const spinWebhook = () => ({ url: env().VITE_WEBHOOK_SPIN360_URL, variable: 'VITE_WEBHOOK_SPIN360_URL' });
