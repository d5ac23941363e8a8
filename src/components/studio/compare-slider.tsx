import { useId, useState } from 'react';

interface Props {
  before: string;
  after: string;
  alt: string;
}

/**
 * Before/after comparison: the refined image with the original revealed on the left up to the
 * slider. The control is a native range input, so it works with keyboard and screen readers.
 */
export function CompareSlider({ before, after, alt }: Props) {
  const [position, setPosition] = useState(50);
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      {/* The frame is as wide as the image, so the Before/After labels sit on the picture, not beside it. */}
      <div className="relative mx-auto w-fit max-w-full overflow-hidden rounded-lg bg-muted">
        <img src={after} alt={`After: ${alt}`} className="block max-h-[55dvh] max-w-full" />
        <img
          src={before}
          alt={`Before: ${alt}`}
          className="absolute inset-0 h-full w-full object-contain"
          style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}
        />
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
