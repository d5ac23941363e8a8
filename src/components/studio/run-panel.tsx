import { Loader2, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { buttonLabel, isBusy, type ButtonLabels, type RunProgress } from '@/domains/jobs/run-stages';
import { CostLine } from './cost-line';

interface Props {
  progress: RunProgress;
  disabled: boolean;
  labels: ButtonLabels;
  icon: LucideIcon;
  /** What the run will do, e.g. 'Enhancement: Color Correction'. */
  summary: ReactNode;
  price: number | undefined;
  balance: number | undefined;
  /** The progress bar's accessible name: 'Refinement progress'. */
  progressLabel: string;
  onRun: () => void;
  /** Why the last run failed (the worker's words, with the refund), until the next attempt. */
  error?: string | null;
  /** The last result's details (refine: what was applied). */
  children?: ReactNode;
}

/** A studio's run button, the cost of the run, the progress of the running job and the last result's details. */
export function RunPanel({ progress, disabled, labels, icon: Icon, summary, price, balance, progressLabel, onRun, error, children }: Props) {
  const busy = isBusy(progress.phase);
  return (
    <Card>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <p className="text-sm text-muted-foreground">{summary}</p>
          <CostLine price={price} balance={balance} />
        </div>
        {/* While a run is under way the button says so and ignores presses, but stays focusable: a
            disabled button drops the keyboard's focus to the page, twice a run. */}
        <Button
          size="lg"
          onClick={busy ? undefined : onRun}
          disabled={disabled && !busy}
          aria-disabled={busy || undefined}
          className="w-full aria-disabled:cursor-progress aria-disabled:opacity-70"
        >
          {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Icon aria-hidden />}
          {buttonLabel(labels, progress.phase)}
        </Button>
        {progress.phase !== 'idle' && (
          <div className="flex flex-col gap-2" aria-live="polite">
            <div className="flex items-center justify-between text-sm">
              <span>{progress.step}</span>
              <span className="tabular-nums text-muted-foreground">{progress.percent}%</span>
            </div>
            <Progress value={progress.percent} aria-label={progressLabel} />
          </div>
        )}
        {error && (
          <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive">
            {error}
          </p>
        )}
        {children}
      </CardContent>
    </Card>
  );
}
