import type { IncomingMessage } from 'node:http';
import type { WorkerContext } from './context.js';
import type { Timings } from './http/respond.js';
import { handleWebhook } from './jobs/run-studio-job.js';
import { handleFit } from './social/fit-endpoint.js';
import { handleVariations } from './studios/competitor-ad/variations-endpoint.js';
import { STUDIOS } from './studios/index.js';
import { handleTrialLightbox } from './studios/lightbox/trial-endpoint.js';
import { handleUgcPreview } from './studios/ugc/preview.js';

/** What an endpoint answers: a JSON body, or a file with its own headers. */
export type EndpointReply = { json: unknown } | { file: Buffer; headers: Record<string, string> };

export interface EndpointRequest {
  ctx: WorkerContext;
  req: IncomingMessage;
  timings: Timings;
  serviceRoleKey: string;
}

/** One POST endpoint of the worker. */
export type Endpoint = (request: EndpointRequest) => Promise<EndpointReply>;

const studioWebhooks = Object.fromEntries(
  Object.values(STUDIOS).map((studio): [string, Endpoint] => [`/webhooks/${studio.route}`, async ({ ctx, req, timings }) => ({ json: await handleWebhook(ctx, studio, req, timings) })]),
);

/**
 * Every POST endpoint by path. A studio's job webhook comes from the studio registry
 * (`studios/index.ts`): a new studio is its folder and one line there.
 */
export const ROUTES: Record<string, Endpoint> = {
  ...studioWebhooks,
  '/previews/ugc': async ({ ctx, req, timings }) => {
    const preview = await timings.time('preview', () => handleUgcPreview(ctx, req));
    return { file: preview.mp4, headers: { 'Content-Type': 'video/mp4', 'X-Previews-Remaining': String(preview.remaining) } };
  },
  '/trial/lightbox': async ({ ctx, req, timings, serviceRoleKey }) => {
    const shot = await handleTrialLightbox(ctx, req, serviceRoleKey, timings);
    return { file: shot.buffer, headers: { 'Content-Type': shot.mimeType, 'X-Image-Width': String(shot.width), 'X-Image-Height': String(shot.height) } };
  },
  '/ads/variations': async ({ ctx, req, timings }) => ({ json: await timings.time('variations', () => handleVariations(ctx, req)) }),
  '/social/fit': async ({ ctx, req, timings }) => ({ json: await timings.time('fit', () => handleFit(ctx, req)) }),
};

/** The endpoint at a path (one trailing slash allowed), or undefined. */
export function endpointAt(pathname: string): Endpoint | undefined {
  const key = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return Object.hasOwn(ROUTES, key) ? ROUTES[key] : undefined;
}
