import { lightboxStudio } from './lightbox.js';
import { refineStudio } from './refine.js';
import type { Studio } from './types.js';

/** The webhooks this worker serves, by route (POST /webhooks/<route>). */
export const STUDIOS: Record<string, Studio> = {
  [refineStudio.route]: refineStudio,
  [lightboxStudio.route]: lightboxStudio,
};

export type { Studio, StudioOutput } from './types.js';
