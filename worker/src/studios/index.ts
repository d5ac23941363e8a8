import { competitorAdStudio } from './competitor-ad/studio.js';
import { lightboxStudio } from './lightbox/studio.js';
import { refineStudio } from './refine/studio.js';
import { spin360Studio } from './spin360/studio.js';
import { ugcStudio } from './ugc/studio.js';
import type { Studio } from '../jobs/studio.js';

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

export type { JobTools, RunTools, Studio, StudioOutput } from '../jobs/studio.js';
