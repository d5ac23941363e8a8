import { CheckCircle2, Loader2, Wand2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { formatCredits } from '@/lib/credits/prices';
import { BUTTON_LABELS, isBusy, type RunProgress } from '../run-stages';
import type { RefinedImage } from '../types';

interface Props {
  progress: RunProgress;
  disabled: boolean;
  price: number | undefined;
  enhancement: string;
  lastResult: RefinedImage | null;
  onRefine: () => void;
}

/** The Refine Image button, the progress of the running job and what the last run applied. */
export function RefineAction({ progress, disabled, price, enhancement, lastResult, onRefine }: Props) {
  const busy = isBusy(progress.phase);
  return (
    <Card>
      <CardContent className="flex flex-col gap-4">
        <p className="text-sm text-muted-foreground">
          Enhancement: <span className="font-medium text-foreground">{enhancement}</span>
          {price !== undefined && <> · {formatCredits(price)}</>}
        </p>
        <Button size="lg" onClick={onRefine} disabled={disabled || busy} className="w-full">
          {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Wand2 aria-hidden />}
          {BUTTON_LABELS[progress.phase]}
        </Button>
        {progress.phase !== 'idle' && (
          <div className="flex flex-col gap-2" aria-live="polite">
            <div className="flex items-center justify-between text-sm">
              <span>{progress.step}</span>
              <span className="tabular-nums text-muted-foreground">{progress.percent}%</span>
            </div>
            <Progress value={progress.percent} aria-label="Refinement progress" />
          </div>
        )}
        {lastResult && <AppliedList image={lastResult} />}
      </CardContent>
    </Card>
  );
}

function AppliedList({ image }: { image: RefinedImage }) {
  return (
    <section aria-labelledby="applied-title" className="flex flex-col gap-2 rounded-lg border bg-muted/40 p-3 text-sm">
      <h2 id="applied-title" className="flex items-center gap-2 font-medium">
        <CheckCircle2 className="size-4 text-success" aria-hidden /> What was applied
      </h2>
      {image.applied.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Applied operations">
          {image.applied.map((op) => (
            <li key={op}>
              <Badge variant="secondary">{op}</Badge>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground">
          {image.savedToStorage ? 'The refine service did not list its operations.' : 'The image came back from an external tool as a file: it is shown here but not saved to your library.'}
        </p>
      )}
      {image.ignored.length > 0 && (
        <p className="text-muted-foreground">
          Not understood, so not applied: <span className="font-medium text-foreground">{image.ignored.map((w) => `“${w}”`).join(', ')}</span>
        </p>
      )}
    </section>
  );
}
