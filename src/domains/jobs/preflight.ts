import { toast } from 'sonner';
import { canGenerate } from '@/domains/credits/can-generate';
import { planIncludes } from '@/domains/credits/plan-studios';
import { toastPlanRequired } from '@/domains/credits/plan-required-toast';
import type { CreditSummary, StudioPrice } from '@/domains/credits/types';
import type { StudioKey } from '@shotcraft/shared/jobs/contract.ts';
import type { ImageKind, StudioMessage } from './image-file';
import type { ImageFileState } from './use-image-file';

interface Preflight {
  studio: StudioKey;
  preset?: string;
  summary: CreditSummary | undefined;
  prices: readonly StudioPrice[] | undefined;
  image: ImageFileState;
  messages: { insufficientCredits: StudioMessage; missing: StudioMessage };
  /** For the Upgrade button of the plan toast (Lightbox, on every plan, needs none). */
  navigate?: (to: string) => unknown;
}

/**
 * The checks before a run: the plan, then credits (docs/spec.md §5's order; start_job checks both again
 * for real), then a validated photo. Toasts the reason and answers null when the run cannot start.
 */
export function readyToRun({ studio, preset, summary, prices, image, messages, navigate }: Preflight): { file: File; kind: ImageKind } | null {
  if (refusedByPlan(summary, studio, navigate)) return null;
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

/** Whether the user's plan leaves the studio out: then it says so, with the way to upgrade. */
export function refusedByPlan(summary: CreditSummary | null | undefined, studio: StudioKey, navigate: (to: string) => unknown = (to) => window.location.assign(to)): boolean {
  if (!summary || planIncludes(summary.subscription_plan, studio)) return false;
  toastPlanRequired(studio, navigate);
  return true;
}
