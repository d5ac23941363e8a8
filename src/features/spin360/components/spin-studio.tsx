import { RotateCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { GALLERY_LIMIT } from '@/components/studio/pager';
import { RunPanel } from '@/components/studio/run-panel';
import { StudioShell } from '@/components/studio/studio-shell';
import { useAuth } from '@/lib/auth/use-auth';
import { canGenerate } from '@/domains/credits/can-generate';
import { useCreditSummary, useStudioPrices } from '@/domains/credits/api';
import { priceOf } from '@/domains/credits/prices';
import { clearStudioResults } from '@/domains/jobs/clear-studio-results';
import { refusedByPlan } from '@/domains/jobs/preflight';
import { isBusy } from '@/domains/jobs/run-stages';
import { SPIN_LIMITS } from '@shotcraft/shared/jobs/studios/spin360.ts';
import { useGalleryActions } from '@/domains/jobs/use-gallery-actions';
import { useSpins } from '../api/get-spins';
import { spinKeys } from '../api/keys';
import { spinFileName } from '../file-name';
import { useSpinRun, type SpinInput } from '../hooks/use-spin-run';
import { useSpinSource, type SpinSource } from '../hooks/use-spin-source';
import type { PhotoDecoder } from '../spin-source';
import { SPIN_MESSAGES } from '../spin-source';
import { SPIN_STUDIO } from '../studio';
import { DEFAULT_SPIN_FORM, SpinOptionsCard, type SpinForm } from './spin-options-card';
import { SpinPreviewDialog } from './spin-preview-dialog';
import { SpinResult } from './spin-result';
import { SpinSourceCard } from './spin-source-card';

export interface SpinContext {
  files?: number;
  source?: string;
  isGenerating?: boolean;
}

const clearSpins = () => clearStudioResults('360_video');
const forgetNothing = () => {};

/** What the chosen files make, when they can make a spin. */
function inputOf(source: SpinSource): SpinInput | null {
  const { state } = source;
  if (state.status === 'frames' && state.frames.length >= SPIN_LIMITS.minFrames) return { kind: 'frames', frames: state.frames };
  if (state.status === 'video') return { kind: 'video', video: state.video };
  return null;
}

/** The 360° Spin Studio: one turn of photos (or a turntable video) in, a spin to drag, an MP4 and a GIF out. */
export function SpinStudio({ onContextChange, decoder }: { onContextChange: (context: SpinContext) => void; decoder?: PhotoDecoder }) {
  const { user } = useAuth();
  const summary = useCreditSummary({ enabled: !!user });
  const navigate = useNavigate();
  const prices = useStudioPrices();
  const source = useSpinSource(decoder);
  const [form, setForm] = useState<SpinForm>(DEFAULT_SPIN_FORM);
  const { progress, lastResult, error, start } = useSpinRun(user);
  const gallery = useSpins(user?.id);

  const spins = (gallery.data ?? []).slice(0, GALLERY_LIMIT);
  const actions = useGalleryActions({
    items: spins,
    queryKey: spinKeys.spins(),
    refetch: gallery.refetch,
    forgetUnsaved: forgetNothing,
    clearAll: clearSpins,
    fileName: spinFileName,
    zipName: '360-spins',
    messages: SPIN_STUDIO.toasts,
  });
  const price = prices.data ? priceOf(prices.data, 'spin360') : undefined;
  const busy = isBusy(progress.phase);
  const input = inputOf(source);
  const { state } = source;
  const fromVideo = state.status === 'video';

  useEffect(() => {
    onContextChange({ files: state.status === 'frames' ? state.frames.length : state.status === 'video' ? 1 : 0, source: state.status, isGenerating: busy });
  }, [onContextChange, state, busy]);

  const create = () =>
    void start(() => {
      if (refusedByPlan(summary.data, 'spin360', navigate)) return null;
      if (summary.data && prices.data && !canGenerate(summary.data, prices.data, 'spin360')) {
        toast.error(SPIN_MESSAGES.insufficientCredits.title, { description: SPIN_MESSAGES.insufficientCredits.description });
        return null;
      }
      if (!input) {
        toast.error(SPIN_MESSAGES.missing.title, { description: SPIN_MESSAGES.missing.description });
        return null;
      }
      const title = form.title.trim() || '360° Spin';
      return { input, title, options: { ...form.options, source: input.kind } };
    });

  const summaryLine =
    state.status === 'frames' ? `${state.frames.length} photos` : state.status === 'video' ? `${form.options.video_frames} frames from the video` : 'No photos yet';

  return (
    <StudioShell
      title={SPIN_STUDIO.title}
      subtitle={SPIN_STUDIO.subtitle}
      balance={summary.data?.total_credits ?? 0}
      gate={{ studio: 'spin360', plan: summary.data?.subscription_plan }}
      words={SPIN_STUDIO.gallery}
      images={spins}
      loading={gallery.isPending && !!user}
      loadError={gallery.isError ? SPIN_STUDIO.toasts.refreshFailed.description : null}
      actions={actions}
      preview={(item, close) => <SpinPreviewDialog spin={item} onOpenChange={(open) => !open && close()} onDownload={(spin) => void actions.download(spin)} />}
    >
      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)] lg:items-start">
        <div className="contents lg:flex lg:flex-col lg:gap-6">
          <div className="order-1 lg:order-none">
            <SpinSourceCard source={source} disabled={busy} />
          </div>
          <div className="order-3 lg:order-none">
            <RunPanel
              progress={progress}
              disabled={!input}
              labels={SPIN_STUDIO.labels}
              icon={RotateCw}
              summary={
                <>
                  <span className="font-medium text-foreground">{summaryLine}</span> · one turn in {form.options.seconds_per_turn} s
                </>
              }
              price={price}
              balance={summary.data?.total_credits}
              progressLabel="360° spin progress"
              onRun={create}
              error={error}
            >
              {lastResult && <SpinResult spin={lastResult} />}
            </RunPanel>
          </div>
        </div>
        <div className="order-2 lg:order-none">
          <SpinOptionsCard form={form} fromVideo={fromVideo} disabled={busy} onChange={setForm} />
        </div>
      </div>
    </StudioShell>
  );
}
