import { useEffect, useReducer, useState } from 'react';
import { toast } from 'sonner';
import { useAuth } from '@/lib/auth/use-auth';
import { useCreditSummary, useStudioPrices } from '@/lib/credits/api';
import { canAfford, priceOf } from '@/lib/credits/prices';
import { useRefinedImages } from '../api/get-refined-images';
import { FILE_MESSAGES } from '../file-validation';
import { useGalleryActions } from '../hooks/use-gallery-actions';
import { useImageFile } from '../hooks/use-image-file';
import { useRefineRun } from '../hooks/use-refine-run';
import { REFINE_MESSAGES } from '../messages';
import { GALLERY_LIMIT } from '../pager';
import { isBusy } from '../run-stages';
import { initialSelection, resolveEnhancement, selectionReducer } from '../selection';
import type { RefinedImage } from '../types';
import { ClearAllDialog } from './clear-all-dialog';
import { CustomEnhancementCard } from './custom-enhancement-card';
import { EnhancementGrid } from './enhancement-grid';
import type { StudioContext } from './refine-error-boundary';
import { RefineAction } from './refine-action';
import { RefinedGallery } from './refined-gallery';
import { RefinedPreviewDialog } from './refined-preview-dialog';
import { StudioHeader } from './studio-header';
import { UploadCard } from './upload-card';

/** The Refine Image Studio (SPEC.md §2): upload, choose an enhancement, refine, and the results. */
export function RefineStudio({ onContextChange }: { onContextChange: (context: StudioContext) => void }) {
  const { user } = useAuth();
  const summary = useCreditSummary({ enabled: !!user });
  const prices = useStudioPrices();
  const [selection, dispatch] = useReducer(selectionReducer, initialSelection);
  const image = useImageFile();
  const { progress, lastResult, unsaved, run, forgetUnsaved } = useRefineRun(user);
  const gallery = useRefinedImages(user?.id);
  const [preview, setPreview] = useState<RefinedImage | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);

  const images = [...unsaved, ...(gallery.data ?? [])].slice(0, GALLERY_LIMIT);
  const actions = useGalleryActions({ images, refetch: gallery.refetch, forgetUnsaved });
  const enhancement = resolveEnhancement(selection);
  const priceFor = (preset: string) => (prices.data ? priceOf(prices.data, 'refine_image', preset) : undefined);
  const price = priceFor(enhancement.preset);
  const busy = isBusy(progress.phase);
  const fileName = image.state.status === 'ready' || image.state.status === 'validating' ? image.state.file.name : undefined;

  useEffect(() => {
    onContextChange({ fileName, enhancementType: enhancement.preset, isGenerating: busy });
  }, [onContextChange, fileName, enhancement.preset, busy]);

  const refine = () => {
    // Credits first (SPEC.md §5); start_job() checks again for real.
    if (summary.data && price !== undefined && !canAfford(summary.data, price)) {
      toast.error(REFINE_MESSAGES.insufficientCredits.title, { description: REFINE_MESSAGES.insufficientCredits.description });
      return;
    }
    if (image.state.status !== 'ready') {
      toast.error(FILE_MESSAGES.missing.title, { description: FILE_MESSAGES.missing.description });
      return;
    }
    void run({ file: image.state.file, kind: image.state.kind, enhancement });
  };

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <StudioHeader
        balance={summary.data?.total_credits ?? 0}
        imageCount={images.length}
        refreshing={actions.refreshing}
        downloading={actions.downloading}
        onRefresh={() => void actions.refresh()}
        onDownloadAll={() => void actions.downloadAll()}
        onClearAll={() => setConfirmClear(true)}
      />
      {/* Phones read top to bottom: upload, enhancement, custom, refine. Wide screens: two columns. */}
      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] lg:items-start">
        <div className="contents lg:flex lg:flex-col lg:gap-6">
          <div className="order-1 lg:order-none">
            <UploadCard state={image.state} disabled={busy} onSelect={(file) => void image.select(file)} onPreviewError={image.previewFailed} onClear={image.clear} />
          </div>
          <div className="order-4 lg:order-none">
            <RefineAction
              progress={progress}
              disabled={image.state.status !== 'ready'}
              price={price}
              enhancement={enhancement.customText ? `Custom: ${enhancement.customText}` : enhancement.label}
              lastResult={lastResult}
              onRefine={refine}
            />
          </div>
        </div>
        <div className="contents lg:flex lg:flex-col lg:gap-6">
          <div className="order-2 lg:order-none">
            <EnhancementGrid selected={selection.preset} disabled={busy} priceOf={priceFor} onChoose={(preset) => dispatch({ type: 'choose-preset', preset })} />
          </div>
          <div className="order-3 lg:order-none">
            <CustomEnhancementCard
              text={selection.customText}
              active={selection.customMode}
              disabled={busy}
              price={priceFor('custom')}
              onFocus={() => dispatch({ type: 'focus-custom' })}
              onChange={(text) => dispatch({ type: 'type-custom', text })}
            />
          </div>
        </div>
      </div>
      <RefinedGallery
        key={images[0]?.id ?? 'empty'}
        images={images}
        loading={gallery.isPending && !!user}
        loadError={gallery.isError ? REFINE_MESSAGES.refreshFailed.description : null}
        deletingIds={actions.deletingIds}
        onRetry={() => void actions.refresh()}
        onOpen={setPreview}
        onDownload={(img) => void actions.download(img)}
        onDelete={(img) => void actions.remove(img)}
      />
      <RefinedPreviewDialog image={preview} onOpenChange={(open) => !open && setPreview(null)} onDownload={(img) => void actions.download(img)} />
      <ClearAllDialog open={confirmClear} onOpenChange={setConfirmClear} onConfirm={() => void actions.clearAll()} />
    </div>
  );
}
