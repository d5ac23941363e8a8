import { toast } from 'sonner';
import { canGenerate } from '@/lib/credits/can-generate';
import type { CreditSummary, StudioPrice } from '@/lib/credits/types';
import type { StudioKey } from './contract';
import type { ImageKind, StudioMessage } from './image-file';
import type { ImageFileState } from './use-image-file';

interface Preflight {
  studio: StudioKey;
  preset?: string;
  summary: CreditSummary | undefined;
  prices: readonly StudioPrice[] | undefined;
  image: ImageFileState;
  messages: { insufficientCredits: StudioMessage; missing: StudioMessage };
}

/**
 * The checks before a run, in SPEC.md §5's order: credits first (start_job checks again for
 * real), then a validated photo. Toasts the reason and answers null when the run cannot start.
 */
export function readyToRun({ studio, preset, summary, prices, image, messages }: Preflight): { file: File; kind: ImageKind } | null {
  if (summary && prices && !canGenerate(summary, prices, studio, preset)) {
    toast.error(messages.insufficientCredits.title, { description: messages.insufficientCredits.description });
    return null;
  }
  if (image.status !== 'ready') {
    toast.error(messages.missing.title, { description: messages.missing.description });
    return null;
  }
  return { file: image.file, kind: image.kind };
}
