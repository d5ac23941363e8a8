import { z } from 'zod';

/** POST { return_path? }: where the portal sends the user back; a path that is not the app's falls back to /billing. */
export const PortalBody = z.object(
  { return_path: z.string({ error: 'The return path must be a page of the app.' }).optional() },
  { error: 'The body must be a JSON object' },
);
