import { useId, useState, type CSSProperties } from 'react';
import type { LightboxFraming } from '@shotcraft/shared/jobs/studios/lightbox.ts';

interface Props {
  before: string;
  after: string;
  alt: string;
  /**
   * The subject's box in each image, when the result framed it anew (a lightbox image centres and
   * sizes the product): the original is scaled and moved so the subject sits where it does in the
   * result, and the two halves meet on the same product.
   */
  align?: LightboxFraming | null;
}

const pct = (n: number) => `${(n * 100).toFixed(3)}%`;

/** Where the original goes, in fractions of the result's frame, for its subject to cover `to`. */
function alignedStyle({ from, to }: LightboxFraming): CSSProperties {
  const sx = to.width / from.width;
  const sy = to.height / from.height;
  return { left: pct(to.left - from.left * sx), top: pct(to.top - from.top * sy), width: pct(sx), height: pct(sy), maxWidth: 'none' };
}

/**
 * Before/after comparison: the result with the original revealed on the left up to the slider.
 * The control is a native range input, so it works with keyboard and screen readers.
 */
export function CompareSlider({ before, after, alt, align }: Props) {
  const [position, setPosition] = useState(50);
  const id = useId();
  // The original shows left of the slider only.
  const clip = { clipPath: `inset(0 ${100 - position}% 0 0)` };
  return (
    <div className="flex flex-col gap-2">
      {/* The frame is as wide as the image, so the Before/After labels sit on the picture, not beside it. */}
      <div className="relative mx-auto w-fit max-w-full overflow-hidden rounded-lg bg-muted">
        <img src={after} alt={`After: ${alt}`} className="block max-h-[55dvh] max-w-full" />
        {align ? (
          <div className="absolute inset-0 overflow-hidden bg-muted" style={clip}>
            <img src={before} alt={`Before: ${alt}`} className="absolute block" style={alignedStyle(align)} />
          </div>
        ) : (
          <img src={before} alt={`Before: ${alt}`} className="absolute inset-0 h-full w-full object-contain" style={clip} />
        )}
        <div aria-hidden className="pointer-events-none absolute inset-y-0 w-0.5 bg-white shadow-[0_0_0_1px_rgb(0_0_0/0.3)]" style={{ left: `${position}%` }} />
        <span aria-hidden className="pointer-events-none absolute top-2 left-2 rounded bg-black/60 px-2 py-0.5 text-xs text-white">Before</span>
        <span aria-hidden className="pointer-events-none absolute top-2 right-2 rounded bg-black/60 px-2 py-0.5 text-xs text-white">After</span>
      </div>
      <label htmlFor={id} className="sr-only">
        Before and after comparison
      </label>
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        value={position}
        aria-valuetext={`${position}% original`}
        onChange={(e) => setPosition(Number(e.target.value))}
        className="w-full accent-primary"
      />
    </div>
  );
}
