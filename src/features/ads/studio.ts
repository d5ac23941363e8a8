import type { ButtonLabels, StageWords } from '@/domains/jobs/run-stages';

/** The competitor ad analyzer's words. */
export const AD_STUDIO = {
  title: 'Competitor Ad Analyzer',
  subtitle: 'Read why a winning ad works, then make your own version of it',
  words: { service: 'the ad analyzer', processing: 'Reading the ad: text, offer, colours, layout…', ready: 'Your analysis is ready.', uploading: 'Uploading the ad…' } satisfies StageWords,
  labels: { idle: 'Analyze Ad', preparing: 'Uploading Ad...', processing: 'Analyzing Ad...', finishing: 'Checking...' } satisfies ButtonLabels,
  insufficientCredits: { title: 'Insufficient Credits', description: "You don't have enough credits to analyze an ad. Please upgrade your plan." },
} as const;
