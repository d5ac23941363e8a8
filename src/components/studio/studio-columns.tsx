import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import type { StudioMode } from './studio-batch';

// Literal class names, so Tailwind sees every one it may need.
const ORDER = ['order-1', 'order-2', 'order-3', 'order-4', 'order-5', 'order-6'] as const;

interface StudioColumnsProps {
  mode: StudioMode;
  /** The photo to work on (single mode). */
  upload: ReactNode;
  /** The run panel with its summary, price and result (single mode). */
  run: ReactNode;
  /** The batch panel, in place of the photo and the run panel (batch mode). */
  batch: ReactNode;
  /** The studio's choices (presets, options, a custom description), in reading order. */
  options: ReactNode[];
  /** The photo and the run panel stay in view while a long options column scrolls (wide screens). */
  sticky?: boolean;
}

/**
 * The single/batch layout of a photo studio. Phones read top to bottom: the photo, the choices,
 * then the run (or the batch panel last). Wide screens: the photo and the run in the first column,
 * the choices in the second.
 */
export function StudioColumns({ mode, upload, run, batch, options, sticky = false }: StudioColumnsProps) {
  const last = ORDER[Math.min(options.length + 1, ORDER.length - 1)];
  return (
    <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] lg:items-start">
      {mode === 'batch' ? (
        <div className={cn(last, 'lg:order-none')}>{batch}</div>
      ) : (
        <div className={cn('contents lg:flex lg:flex-col lg:gap-6', sticky && 'lg:sticky lg:top-20')}>
          <div className="order-1 lg:order-none">{upload}</div>
          <div className={cn(last, 'lg:order-none')}>{run}</div>
        </div>
      )}
      <div className="contents lg:flex lg:flex-col lg:gap-6">
        {options.map((option, i) => (
          <div key={i} className={cn(ORDER[i + 1], 'lg:order-none')}>
            {option}
          </div>
        ))}
      </div>
    </div>
  );
}
