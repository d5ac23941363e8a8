import type { Queue, Slot, Ticket } from '../../queue.js';
import { hostedCutout } from './hosted.js';
import { imglyCutout } from './imgly.js';
import type { CutoutProvider } from './provider.js';

let provider: CutoutProvider | undefined;

/** The process's one cut-out provider: hosted when LIGHTBOX_CUTOUT_URL is set, else the local model. */
export function cutoutProvider(env: NodeJS.ProcessEnv = process.env): CutoutProvider {
  provider ??= env.LIGHTBOX_CUTOUT_URL ? hostedCutout(env.LIGHTBOX_CUTOUT_URL, env.LIGHTBOX_CUTOUT_KEY ?? '') : imglyCutout();
  return provider;
}

/**
 * The provider as one job sees it: each mask waits in the model queue in the job's lane and its
 * user's turn, and the job's CPU slot goes to other work while it waits and while the model runs
 * (the model is CPU work of its own, bounded by its queue).
 */
export function queuedCutout(cutout: CutoutProvider, models: Queue, slot: Slot, ticket: Ticket, ran?: (ms: number) => void): CutoutProvider {
  return {
    name: cutout.name,
    mask: (input) =>
      slot.outside(() =>
        models.run(async () => {
          const started = performance.now();
          try {
            return await cutout.mask(input);
          } finally {
            ran?.(performance.now() - started);
          }
        }, ticket),
      ),
  };
}

export type { CutoutProvider, Mask, MaskInput } from './provider.js';
