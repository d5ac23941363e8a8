import { Eye, Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { StudioCardHeader } from '@/components/studio/studio-card-header';
import { Card, CardContent } from '@/components/ui/card';
import { UGC_ASPECTS, UGC_HOOK_LABELS, UGC_LIMITS, type UgcAspect, type UgcHook } from '@shotcraft/shared/jobs/studios/ugc.ts';
import type { PreviewState } from '../hooks/use-preview';

interface Props {
  state: PreviewState;
  aspect: UgcAspect;
  disabled?: boolean;
  /** Null when the visitor must sign in first. */
  onPreview: (() => void) | null;
}

/** Step 3: a free, quick, low-resolution render of the chosen script, to hear and see the hook. */
export function PreviewCard({ state, aspect, disabled, onPreview }: Props) {
  const { width, height } = UGC_ASPECTS[aspect];
  return (
    <Card>
      <StudioCardHeader icon={Eye} title="Preview" description={`Free and quick (${UGC_LIMITS.previewsPerHour} an hour): hear the voice, check the captions, then render in full.`} />
      <CardContent className="flex flex-col gap-3">
        {state.status === 'ready' && (
          <>
            <video
              key={state.url}
              src={state.url}
              controls
              autoPlay
              playsInline
              className="mx-auto max-h-[60dvh] rounded-lg bg-black"
              style={{ aspectRatio: `${width} / ${height}` }}
              aria-label={`Preview: ${UGC_HOOK_LABELS[state.hook as UgcHook] ?? state.hook}`}
            >
              <track kind="captions" />
            </video>
            {state.remaining !== null && <p className="text-xs text-muted-foreground">{state.remaining} free previews left this hour.</p>}
          </>
        )}
        {state.status === 'rendering' && (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2 className="size-4 animate-spin" aria-hidden /> {state.step}
          </p>
        )}
        {state.status === 'error' && (
          <p role="alert" className="text-sm text-destructive">
            {state.message}
          </p>
        )}
        {onPreview ? (
          <Button variant="outline" className="self-start" onClick={onPreview} disabled={disabled || state.status === 'rendering'}>
            {state.status === 'rendering' ? <Loader2 className="animate-spin" /> : <Eye />} {state.status === 'ready' ? 'Preview again' : 'Preview this script'}
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground">Sign in to preview and render your ad.</p>
        )}
      </CardContent>
    </Card>
  );
}
