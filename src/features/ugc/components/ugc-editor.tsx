import { Clapperboard, LogIn, Pencil } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { RunPanel } from '@/components/studio/run-panel';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';
import { useCreditSummary, useStudioPrices } from '@/domains/credits/api';
import { priceOf } from '@/domains/credits/prices';
import { isBusy } from '@/domains/jobs/run-stages';
import { estimateScriptSeconds, UGC_ASPECTS, UGC_HOOK_LABELS } from '@shotcraft/shared/jobs/studios/ugc.ts';
import { useDraftPhotos } from '../hooks/use-draft-photos';
import { usePreview } from '../hooks/use-preview';
import { useUgcFlow } from '../hooks/use-ugc-flow';
import { useUgcRun } from '../hooks/use-ugc-run';
import { projectStore, useProject } from '../store';
import { UGC_STUDIO } from '../studio';
import type { UgcVideo } from '../types';
import { PreviewCard } from './preview-card';
import { ProductStep } from './product-step';
import { ScriptStep } from './script-step';
import { UgcResult } from './ugc-result';

interface Props {
  onDownload: (video: UgcVideo) => void;
  /** Told once a render is done (the embedded form tells its parent page). */
  onRendered?: (video: UgcVideo) => void;
  /** One column, for an iframe or a phone-sized frame. */
  compact?: boolean;
}

/**
 * The ad editor every video screen shares (docs/spec.md §2: the dashboard studio, /studio, /embedded):
 * product → three scripts to edit → free previews → the full render. Signed out, it goes as far as
 * writing and editing scripts, and asks for sign-in where a preview or a render needs an account.
 */
export function UgcEditor({ onDownload, onRendered, compact }: Props) {
  const { user } = useAuth();
  const summary = useCreditSummary({ enabled: !!user });
  const prices = useStudioPrices();
  const project = useProject();
  const flow = useUgcFlow();
  const preview = usePreview(user?.id);
  const { progress, lastResult, error, start } = useUgcRun(user);
  useDraftPhotos(user?.id);
  const busy = isBusy(progress.phase) || preview.state.status === 'rendering';
  const price = prices.data ? priceOf(prices.data, 'ugc') : undefined;
  const script = project.scripts?.[project.chosen];
  // The product step: before the first scripts, after "Edit product", or when the draft lost its photos.
  const editing = !project.scripts || project.editingProduct;

  useEffect(() => {
    if (lastResult) onRendered?.(lastResult);
  }, [lastResult, onRendered]);

  const signIn = (
    <Card>
      <CardContent className="flex flex-col items-start gap-3">
        <p className="text-sm">Your product and scripts are kept on this device. Sign in to preview and render the ad (5 credits; new accounts get 5 free).</p>
        <Button asChild>
          <Link to={paths.login}>
            <LogIn /> Sign in
          </Link>
        </Button>
      </CardContent>
    </Card>
  );

  return (
    <div className={compact ? 'flex flex-col gap-6' : 'flex flex-col gap-6 lg:grid lg:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)] lg:items-start'}>
      <div className="flex flex-col gap-6">
        {!editing ? (
          <Card>
            <CardContent className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm">
                <span className="font-medium">{project.product.name}</span> · {project.photos.length} photo{project.photos.length === 1 ? '' : 's'} · {UGC_ASPECTS[project.product.aspect].label}
              </p>
              <Button variant="outline" size="sm" disabled={busy} onClick={() => projectStore.set({ editingProduct: true })}>
                <Pencil /> Edit product
              </Button>
            </CardContent>
          </Card>
        ) : (
          <ProductStep
            errors={flow.errors}
            disabled={busy}
            compact={compact}
            onNext={flow.write}
            onBack={project.scripts && project.photos.length > 0 ? () => projectStore.set({ editingProduct: false }) : undefined}
          />
        )}
        {!editing && <ScriptStep disabled={busy} onRegenerate={flow.regenerate} />}
      </div>
      {!editing &&
        (user ? (
          <div className="flex flex-col gap-6">
            <PreviewCard
              state={preview.state}
              aspect={project.product.aspect}
              disabled={busy}
              onPreview={() => {
                const ok = flow.ready();
                if (ok) void preview.preview(ok.product, ok.script);
              }}
            />
            <RunPanel
              progress={progress}
              disabled={!script}
              labels={UGC_STUDIO.labels}
              icon={Clapperboard}
              summary={
                script && (
                  <>
                    <span className="font-medium text-foreground">{UGC_HOOK_LABELS[script.hook]}</span> · about {estimateScriptSeconds(script.scenes).toFixed(0)} s + end card ·{' '}
                    {UGC_ASPECTS[project.product.aspect].width}×{UGC_ASPECTS[project.product.aspect].height}
                  </>
                )
              }
              price={price}
              balance={summary.data?.total_credits}
              progressLabel="Video render progress"
              onRun={() => void start(() => flow.readyToRender(summary.data, prices.data))}
              error={error}
            >
              {lastResult && <UgcResult video={lastResult} onDownload={onDownload} />}
            </RunPanel>
          </div>
        ) : (
          signIn
        ))}
    </div>
  );
}
