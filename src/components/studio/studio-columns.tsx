import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import type { StudioMode } from './studio-batch';

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
  /** The run panel stays in view while a long options column scrolls (wide screens). */
  sticky?: boolean;
}

/**
 * The single/batch layout of a photo studio, in the order a form is filled in — the photo, the
 * choices, then the run (or the choices, then the batch panel) — which is also the order Tab and a
 * screen reader follow. Phones show it top to bottom; wide screens place the photo and the run in
 * the first column and the choices in the second (grid placement: the visual columns never reorder
 * the document, so focus never jumps back and forth between them).
 */
export function StudioColumns({ mode, upload, run, batch, options, sticky = false }: StudioColumnsProps) {
  const choices = (
    <div className="flex flex-col gap-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
      {options.map((option, i) => (
        <div key={i}>{option}</div>
      ))}
    </div>
  );
  return (
    <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] lg:grid-rows-[auto_1fr] lg:items-start">
      {mode === 'batch' ? (
        <>
          {choices}
          <div className="lg:col-start-1 lg:row-span-2 lg:row-start-1">{batch}</div>
        </>
      ) : (
        <>
          <div className="lg:col-start-1 lg:row-start-1">{upload}</div>
          {choices}
          <div className={cn('lg:col-start-1 lg:row-start-2', sticky && 'lg:sticky lg:top-20')}>{run}</div>
        </>
      )}
    </div>
  );
}
