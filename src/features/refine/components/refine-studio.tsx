import { Wand2 } from 'lucide-react';
import { useEffect, useReducer, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { GALLERY_LIMIT } from '@/components/studio/pager';
import { RunPanel } from '@/components/studio/run-panel';
import { ModeSwitch, StudioBatch, type StudioMode } from '@/components/studio/studio-batch';
import { StudioColumns } from '@/components/studio/studio-columns';
import { StudioShell } from '@/components/studio/studio-shell';
import { UploadCard } from '@/components/studio/upload-card';
import { useAuth } from '@/lib/auth/use-auth';
import { useCreditSummary, useStudioPrices } from '@/domains/credits/api';
import { priceOf } from '@/domains/credits/prices';
import { clearStudioResults } from '@/domains/jobs/clear-studio-results';
import { readyToRun } from '@/domains/jobs/preflight';
import { isBusy } from '@/domains/jobs/run-stages';
import { useGalleryActions } from '@/domains/jobs/use-gallery-actions';
import { useImageFile } from '@/domains/jobs/use-image-file';
import { useRefinedImages } from '../api/get-refined-images';
import { refineKeys } from '../api/keys';
import { refinedFileName } from '../file-name';
import { useRefineRun } from '../hooks/use-refine-run';
import { FILE_MESSAGES, REFINE_MESSAGES } from '../messages';
import { initialSelection, resolveEnhancement, selectionReducer } from '../selection';
import { REFINE_STUDIO } from '../studio';
import { AppliedList } from './applied-list';
import { CustomEnhancementCard } from './custom-enhancement-card';
import { EnhancementGrid } from './enhancement-grid';
import type { StudioContext } from './refine-error-boundary';
import { RefinedPreviewDialog } from './refined-preview-dialog';

const clearRefined = () => clearStudioResults('refine_image');

/** The Refine Image Studio (docs/spec.md §2): upload, choose an enhancement, refine, and the results. */
export function RefineStudio({ onContextChange }: { onContextChange: (context: StudioContext) => void }) {
  const { user } = useAuth();
  const summary = useCreditSummary({ enabled: !!user });
  const navigate = useNavigate();
  const prices = useStudioPrices();
  const [selection, dispatch] = useReducer(selectionReducer, initialSelection);
  const image = useImageFile(FILE_MESSAGES);
  const { progress, lastResult, error, unsaved, start, forgetUnsaved, batch, runBatch } = useRefineRun(user);
  const [mode, setMode] = useState<StudioMode>('single');
  const gallery = useRefinedImages(user?.id);

  const images = [...unsaved, ...(gallery.data ?? [])].slice(0, GALLERY_LIMIT);
  const actions = useGalleryActions({
    items: images,
    queryKey: refineKeys.images(),
    refetch: gallery.refetch,
    forgetUnsaved,
    clearAll: clearRefined,
    fileName: refinedFileName,
    zipName: 'refined-images',
    messages: REFINE_MESSAGES,
  });
  const enhancement = resolveEnhancement(selection);
  const priceFor = (preset: string) => (prices.data ? priceOf(prices.data, 'refine_image', preset) : undefined);
  const price = priceFor(enhancement.preset);
  const busy = isBusy(progress.phase) || batch.running;
  const fileName = image.state.status === 'ready' || image.state.status === 'validating' ? image.state.file.name : undefined;

  useEffect(() => {
    onContextChange({ fileName, enhancementType: enhancement.preset, isGenerating: busy });
  }, [onContextChange, fileName, enhancement.preset, busy]);

  const refine = () =>
    void start(() => {
      const ready = readyToRun({
        studio: 'refine_image',
        preset: enhancement.preset,
        summary: summary.data,
        prices: prices.data,
        image: image.state,
        messages: { insufficientCredits: REFINE_MESSAGES.insufficientCredits, missing: FILE_MESSAGES.missing },
        navigate,
      });
      return ready && { ...ready, enhancement };
    });

  return (
    <StudioShell
      title={REFINE_STUDIO.title}
      subtitle={REFINE_STUDIO.subtitle}
      balance={summary.data?.total_credits ?? 0}
      gate={{ studio: 'refine_image', plan: summary.data?.subscription_plan }}
      words={REFINE_STUDIO.gallery}
      images={images}
      loading={gallery.isPending && !!user}
      loadError={gallery.isError ? REFINE_MESSAGES.refreshFailed.description : null}
      actions={actions}
      preview={(item, close) => <RefinedPreviewDialog image={item} onOpenChange={(open) => !open && close()} onDownload={(img) => void actions.download(img)} />}
    >
      <ModeSwitch value={mode} disabled={busy} onChange={setMode} />
      <StudioColumns
        mode={mode}
        sticky
        batch={
          <StudioBatch
            batch={batch}
            price={price}
            balance={summary.data?.total_credits}
            startLabel="Refine images"
            onStart={(only) => void runBatch(enhancement, only)}
            fileName={refinedFileName}
            zipName="refined-batch"
            downloadFailed={REFINE_MESSAGES.downloadFailed}
          />
        }
        upload={
          <UploadCard
            inputLabel="Choose an image to refine"
            readyText="Ready for Image Refinement"
            image={image}
            disabled={busy}
            fromLibrary
          />
        }
        run={
          <RunPanel
            progress={progress}
            disabled={image.state.status !== 'ready'}
            labels={REFINE_STUDIO.labels}
            icon={Wand2}
            summary={
              <>
                Enhancement: <span className="font-medium text-foreground">{enhancement.customText ? `Custom: ${enhancement.customText}` : enhancement.label}</span>
                {selection.customMode && !enhancement.customText && <> (the custom description is empty, so this is used)</>}
              </>
            }
            price={price}
            balance={summary.data?.total_credits}
            progressLabel="Refinement progress"
            onRun={refine}
            error={error}
          >
            {lastResult && <AppliedList image={lastResult} />}
          </RunPanel>
        }
        options={[
          <EnhancementGrid selected={selection.preset} disabled={busy} priceOf={priceFor} onChoose={(preset) => dispatch({ type: 'choose-preset', preset })} />,
          <CustomEnhancementCard
            text={selection.customText}
            active={selection.customMode}
            disabled={busy}
            price={priceFor('custom')}
            onFocus={() => dispatch({ type: 'focus-custom' })}
            onChange={(text) => dispatch({ type: 'type-custom', text })}
          />,
        ]}
      />
    </StudioShell>
  );
}
