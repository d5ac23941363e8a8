import { competitorAdStudio } from './competitor-ad.js';
import { lightboxStudio } from './lightbox.js';
import { refineStudio } from './refine.js';
import { spin360Studio } from './spin360.js';
import { ugcStudio } from './ugc.js';
import type { Studio } from './types.js';

/** The webhooks this worker serves, by route (POST /webhooks/<route>). */
// Studios differ in their input (a photo, a photo sequence, a video); the webhook asks each for it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const STUDIOS: Record<string, Studio<any>> = {
  [refineStudio.route]: refineStudio,
  [lightboxStudio.route]: lightboxStudio,
  [spin360Studio.route]: spin360Studio,
  [ugcStudio.route]: ugcStudio,
  [competitorAdStudio.route]: competitorAdStudio,
};

export type { JobTools, RunTools, Studio, StudioOutput } from './types.js';
