import type { ButtonLabels, StageWords } from '@/domains/jobs/run-stages';
import { env } from '@/lib/env';

/** The competitor ad analyzer's words: a studio of the shared kit, like the other four. */
export const AD_STUDIO = {
  studio: 'competitor_ad',
  title: 'Competitor Ad Analyzer',
  subtitle: 'Read why a winning ad works, then make your own version of it',
  failure: 'Failed to analyze competitor ad',
  words: { service: 'the ad analyzer', processing: 'Reading the ad: text, offer, colours, layout…', ready: 'Your analysis is ready.', uploading: 'Uploading the ad…' } satisfies StageWords,
  labels: { idle: 'Analyze Ad', preparing: 'Uploading Ad...', processing: 'Analyzing Ad...', finishing: 'Checking...' } satisfies ButtonLabels,
  messages: {
    insufficientCredits: { title: 'Insufficient Credits', description: "You don't have enough credits to analyze an ad. Please upgrade your plan." },
    failed: 'Analysis failed',
  },
} as const;

export const adWebhook = () => ({ url: env().VITE_WEBHOOK_COMPETITOR_AD_URL, variable: 'VITE_WEBHOOK_COMPETITOR_AD_URL' });
