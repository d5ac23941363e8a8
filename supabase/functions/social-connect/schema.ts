import { z } from 'zod';
import { isPlatform, type Platform } from '../_shared/social-platforms.ts';

const PLATFORM = 'Choose Instagram, Facebook, X, TikTok or Pinterest';

/**
 * POST { platform, return_path? }: the platform to connect, and the app's page to come back to
 * (a path of the app; anything else falls back to Settings → Accounts, see appPath).
 */
export const ConnectBody = z.object(
  {
    platform: z.custom<Platform>((p) => isPlatform(p), { error: PLATFORM }),
    return_path: z.string({ error: 'return_path must be a path of the app' }).nullish(),
  },
  { error: 'The body must be a JSON object' },
);
