import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { canGenerate } from '@/domains/credits/can-generate';
import type { CreditSummary, StudioPrice } from '@/domains/credits/types';
import { refusedByPlan } from '@/domains/jobs/preflight';
import { generateScripts } from '@shotcraft/shared/jobs/studios/ugc-script.ts';
import type { ProductErrors } from '../components/product-step';
import { useFieldErrors } from '@/lib/use-field-errors';
import { keepEdits } from '../keep-edits';
import { projectStore } from '../store';
import { UGC_STUDIO } from '../studio';
import { checkProduct, checkScript } from '../validate';

/**
 * The steps of making an ad, shared by every screen that shows them (the dashboard studio,
 * /create, /studio, /embedded): write the three scripts from the product, check what a preview
 * or a render needs, and say what is missing.
 */
export function useUgcFlow() {
  const [errors, setErrors] = useFieldErrors<keyof ProductErrors>();
  const navigate = useNavigate();

  /**
   * Step 1 → 2: the product checked, then three scripts written from it. Written again, the lines
   * the user wrote stay theirs (keep-edits.ts): returns how many, or null when the product is not ready.
   */
  const writeScripts = useCallback((seed?: number) => {
    const project = projectStore.get();
    const checked = checkProduct(project);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return null;
    const next = seed ?? project.seed;
    const { scripts, kept } = keepEdits(project.scripts, generateScripts(checked.product, project.photos.length, next), project.photos.length);
    projectStore.set({ scripts, chosen: project.scripts ? project.chosen : 0, seed: next, editingProduct: false });
    return kept;
  }, [setErrors]);

  const keptWords = (kept: number) => (kept === 1 ? 'The line you wrote was kept.' : `The ${kept} lines you wrote were kept.`);

  /** "Write my scripts" (first time, or after "Edit product"). */
  const write = useCallback(() => {
    const rewrite = !!projectStore.get().scripts;
    const kept = writeScripts();
    if (rewrite && kept) toast.success('Scripts written again', { description: keptWords(kept) });
  }, [writeScripts]);

  const regenerate = useCallback(() => {
    const kept = writeScripts(projectStore.get().seed + 1);
    if (kept !== null) toast.success('New wording', { description: `All three scripts were written again.${kept ? ` ${keptWords(kept)}` : ''}` });
  }, [writeScripts]);

  /** The product and chosen script, checked, or null after saying what to fix. */
  const ready = useCallback(() => {
    const project = projectStore.get();
    const product = checkProduct(project);
    if (!product.ok) {
      setErrors(product.errors);
      toast.error('Check your product', { description: Object.values(product.errors)[0] });
      return null;
    }
    const script = checkScript(project.scripts?.[project.chosen]);
    if (!script.ok) {
      toast.error('Check your script', { description: script.message });
      return null;
    }
    return { product: product.product, script: script.script };
  }, [setErrors]);

  /** A render also needs a plan with the studio and the credits (start_job checks both again for real). */
  const readyToRender = useCallback(
    (summary: CreditSummary | undefined, prices: readonly StudioPrice[] | undefined) => {
      if (refusedByPlan(summary, 'ugc', navigate)) return null;
      if (summary && prices && !canGenerate(summary, prices, 'ugc')) {
        toast.error(UGC_STUDIO.messages.insufficientCredits.title, { description: UGC_STUDIO.messages.insufficientCredits.description });
        return null;
      }
      return ready();
    },
    [ready, navigate],
  );

  return { errors, write, regenerate, ready, readyToRender };
}
