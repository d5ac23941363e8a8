import { Check } from 'lucide-react';
import { BRAND } from '@/config/brand';
import { LightboxVisual, RefineVisual, SpinVisual, UgcVisual } from './sample-visuals';

const PLATFORMS = ['Instagram', 'TikTok', 'Facebook', 'Pinterest', 'X (Twitter)'] as const;

/** The left half of /signup: what you get, shown with four sample visuals and the platforms. */
export function SignupMarketingPanel() {
  return (
    <section aria-labelledby="signup-marketing-title" className="relative flex h-full flex-col justify-center gap-8 overflow-hidden bg-zinc-950 px-6 py-10 text-white sm:px-10 lg:px-14">
      <div aria-hidden className="pointer-events-none absolute -left-24 -top-24 size-96 rounded-full bg-indigo-600/40 blur-3xl" />
      <div aria-hidden className="pointer-events-none absolute -bottom-32 right-0 size-96 rounded-full bg-fuchsia-600/25 blur-3xl" />
      <div className="relative grid gap-3">
        <p className="text-xs font-semibold tracking-[0.2em] text-indigo-300">{BRAND.tagline}</p>
        <h2 id="signup-marketing-title" className="max-w-md text-3xl font-semibold leading-tight tracking-tight lg:text-4xl">
          Product photos in, scroll-stopping content out.
        </h2>
        <p className="max-w-md text-sm text-zinc-300">Studio shots, refined images, 360° spins and UGC-style video ads — made from the photos you already have.</p>
      </div>
      <div className="relative grid max-w-lg grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-2 xl:grid-cols-4">
        <LightboxVisual />
        <RefineVisual />
        <SpinVisual />
        <UgcVisual />
      </div>
      <div className="relative grid gap-3">
        <h3 className="text-sm font-medium text-zinc-200">Publish everywhere your customers scroll</h3>
        <ul className="flex flex-wrap gap-2" aria-label="Supported platforms">
          {PLATFORMS.map((platform) => (
            <li key={platform} className="inline-flex items-center gap-1.5 rounded-full border border-white/15 bg-white/5 px-3 py-1 text-xs text-zinc-100">
              <Check className="size-3 text-emerald-400" aria-hidden />
              {platform}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
