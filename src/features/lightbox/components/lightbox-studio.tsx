import { Camera } from 'lucide-react';
import { useEffect, useState } from 'react';
import { GALLERY_LIMIT } from '@/components/studio/pager';
import { RunPanel } from '@/components/studio/run-panel';
import { ModeSwitch, StudioBatch, type StudioMode } from '@/components/studio/studio-batch';
import { StudioColumns } from '@/components/studio/studio-columns';
import { StudioShell } from '@/components/studio/studio-shell';
import { UploadCard } from '@/components/studio/upload-card';
import { useAuth } from '@/lib/auth/use-auth';
import { useFieldErrors } from '@/lib/use-field-errors';
import { useCreditSummary, useStudioPrices } from '@/domains/credits/api';
import { priceOf } from '@/domains/credits/prices';
import { clearStudioResults } from '@/domains/jobs/clear-studio-results';
import { readyToRun } from '@/domains/jobs/preflight';
import { isBusy } from '@/domains/jobs/run-stages';
import { OUTPUT_PRESETS, type LightboxOptions } from '@shotcraft/shared/jobs/studios/lightbox.ts';
import { useGalleryActions } from '@/domains/jobs/use-gallery-actions';
import { useImageFile } from '@/domains/jobs/use-image-file';
import { useLightboxImages } from '../api/get-lightbox-images';
import { lightboxKeys } from '../api/keys';
import { lightboxFileName } from '../file-name';
import { lightboxRequest, useLightboxBatch, useLightboxRun } from '../hooks/use-lightbox-run';
import { DEFAULT_OPTIONS, lightboxOptionsSchema } from '../options';
import { LIGHTBOX_PREFLIGHT, LIGHTBOX_STUDIO } from '../studio';
import { ComplianceList } from './compliance-list';
import { LightboxOptionsCard } from './lightbox-options-card';
import { LightboxPreviewDialog } from './lightbox-preview-dialog';

export interface LightboxContext {
  fileName?: string;
  output?: string;
  isGenerating?: boolean;
}

const clearLightbox = () => clearStudioResults('lightbox');
const forgetNothing = () => {};

/** The Lightbox Studio: a phone photo in, a marketplace-ready catalogue shot out. */
export function LightboxStudio({ onContextChange }: { onContextChange: (context: LightboxContext) => void }) {
  const { user } = useAuth();
  const summary = useCreditSummary({ enabled: !!user });
  const prices = useStudioPrices();
  const image = useImageFile(LIGHTBOX_STUDIO.files);
  const [options, setOptions] = useState<LightboxOptions>(DEFAULT_OPTIONS);
  const [errors, setErrors] = useFieldErrors<keyof LightboxOptions>();
  const { progress, lastResult, error, start } = useLightboxRun(user);
  const batch = useLightboxBatch(user);
  const [mode, setMode] = useState<StudioMode>('single');
  const gallery = useLightboxImages(user?.id);

  const images = (gallery.data ?? []).slice(0, GALLERY_LIMIT);
  const actions = useGalleryActions({
    items: images,
    queryKey: lightboxKeys.images(),
    refetch: gallery.refetch,
    forgetUnsaved: forgetNothing,
    clearAll: clearLightbox,
    fileName: lightboxFileName,
    zipName: 'lightbox-images',
    messages: LIGHTBOX_STUDIO.toasts,
  });
  const price = prices.data ? priceOf(prices.data, 'lightbox') : undefined;
  const busy = isBusy(progress.phase) || batch.running;
  const fileName = image.state.status === 'ready' || image.state.status === 'validating' ? image.state.file.name : undefined;

  useEffect(() => {
    onContextChange({ fileName, output: options.output, isGenerating: busy });
  }, [onContextChange, fileName, options.output, busy]);

  /** The recipe, checked; its problems shown under the fields. */
  const checkedOptions = () => {
    const parsed = lightboxOptionsSchema.safeParse(options);
    setErrors(parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message])));
    return parsed.success ? parsed.data : null;
  };

  const runBatch = (only?: string) => {
    const recipe = checkedOptions();
    if (recipe) void (only ? batch.retry(only, () => lightboxRequest(recipe)) : batch.start(() => lightboxRequest(recipe)));
  };

  const create = () =>
    void start(() => {
      const recipe = checkedOptions();
      const ready = recipe && readyToRun({ studio: 'lightbox', summary: summary.data, prices: prices.data, image: image.state, messages: LIGHTBOX_PREFLIGHT });
      return ready && recipe && { ...ready, options: recipe };
    });

  return (
    <StudioShell
      title={LIGHTBOX_STUDIO.title}
      subtitle={LIGHTBOX_STUDIO.subtitle}
      balance={summary.data?.total_credits ?? 0}
      words={LIGHTBOX_STUDIO.gallery}
      images={images}
      loading={gallery.isPending && !!user}
      loadError={gallery.isError ? LIGHTBOX_STUDIO.toasts.refreshFailed.description : null}
      actions={actions}
      preview={(item, close) => <LightboxPreviewDialog image={item} onOpenChange={(open) => !open && close()} onDownload={(img) => void actions.download(img)} />}
    >
      <ModeSwitch value={mode} disabled={busy} onChange={setMode} />
      <StudioColumns
        mode={mode}
        batch={
          <StudioBatch
            batch={batch}
            price={price}
            balance={summary.data?.total_credits}
            startLabel="Create lightbox images"
            onStart={runBatch}
            fileName={lightboxFileName}
            zipName="lightbox-batch"
            downloadFailed={LIGHTBOX_STUDIO.toasts.downloadFailed}
          />
        }
        upload={
          <UploadCard
            inputLabel="Choose a product photo"
            readyText="Ready for the lightbox"
            image={image}
            disabled={busy}
            fromLibrary
          />
        }
        run={
          <RunPanel
            progress={progress}
            disabled={image.state.status !== 'ready'}
            labels={LIGHTBOX_STUDIO.labels}
            icon={Camera}
            summary={
              <>
                Output: <span className="font-medium text-foreground">{OUTPUT_PRESETS[options.output].label}</span>
              </>
            }
            price={price}
            balance={summary.data?.total_credits}
            progressLabel="Lightbox progress"
            onRun={create}
            error={error}
          >
            {lastResult && <ComplianceList image={lastResult} />}
          </RunPanel>
        }
        options={[
          <LightboxOptionsCard options={options} errors={errors} disabled={busy} onChange={setOptions} />,
        ]}
      />
    </StudioShell>
  );
}
