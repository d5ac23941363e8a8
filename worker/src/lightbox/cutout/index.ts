import { hostedCutout } from './hosted.js';
import { imglyCutout } from './imgly.js';
import type { CutoutProvider } from './provider.js';

let provider: CutoutProvider | undefined;

/** The process's one cut-out provider: hosted when LIGHTBOX_CUTOUT_URL is set, else the local model. */
export function cutoutProvider(env: NodeJS.ProcessEnv = process.env): CutoutProvider {
  provider ??= env.LIGHTBOX_CUTOUT_URL ? hostedCutout(env.LIGHTBOX_CUTOUT_URL, env.LIGHTBOX_CUTOUT_KEY ?? '') : imglyCutout();
  return provider;
}

export type { CutoutProvider, Mask, MaskInput } from './provider.js';
