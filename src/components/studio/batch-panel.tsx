import { CheckCircle2, Download, Images, Loader2, RotateCcw, X, XCircle } from 'lucide-react';
import { useId, useRef } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { formatCredits } from '@/domains/credits/prices';
import { formatMegabytes } from '@/lib/format';
import { MAX_BATCH, type BatchItem, type BatchItemState } from '@/domains/jobs/use-batch-run';
import { cn } from '@/lib/utils';
import { BuyCreditsLink } from './cost-line';
import { DropZone } from './drop-zone';
import { FromLibraryButton } from './library-picker';
import { StudioCardHeader } from './studio-card-header';

interface Props {
  items: BatchItem<unknown>[];
  counts: { waiting: number; done: number; failed: number };
  running: boolean;
  price: number | undefined;
  balance: number | undefined;
  /** 'Create lightbox images' */
  startLabel: string;
  downloading: boolean;
  onAdd: (files: File[]) => void;
  onRemove: (id: string) => void;
  onClear: () => void;
  onStart: () => void;
  onRetry: (id: string) => void;
  onDownloadAll: () => void;
}

const STATE_LABEL: Record<BatchItemState, string> = { invalid: 'Not an image', waiting: 'Waiting', running: 'Working', done: 'Done', failed: 'Failed' };

/**
 * Batch: one recipe over up to 50 photos. The cost of the whole batch is shown before it starts;
 * each photo shows its own state and progress, a failed one can be retried, and the results come
 * down as one ZIP.
 */
export function BatchPanel({ items, counts, running, price, balance, startLabel, downloading, onAdd, onRemove, onClear, onStart, onRetry, onDownloadAll }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const total = price === undefined ? undefined : counts.waiting * price;
  const short = total !== undefined && balance !== undefined && total > balance;

  return (
    <Card>
      <StudioCardHeader icon={Images} title="Batch" description={`Up to ${MAX_BATCH} photos with the same settings; each is charged, and refunded if it fails, on its own.`} />
      <CardContent className="flex flex-col gap-4">
        <input
          ref={input}
          id={inputId}
          type="file"
          accept="image/*"
          multiple
          className="sr-only"
          // The Choose button opens it: the hidden input is not a Tab stop of its own.
          tabIndex={-1}
          aria-label="Choose photos for the batch"
          disabled={running}
          onChange={(e) => {
            onAdd([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
        <DropZone disabled={running} onDropFiles={onAdd} className="gap-2 py-6">
          <div className="flex flex-wrap justify-center gap-2">
            <Button variant="outline" onClick={() => input.current?.click()} disabled={running || items.length >= MAX_BATCH}>
              Choose Photos
            </Button>
            <FromLibraryButton max={Math.max(1, MAX_BATCH - items.length)} onPick={onAdd} disabled={running || items.length >= MAX_BATCH} />
          </div>
          <p className="text-sm text-muted-foreground">or drag and drop several photos here</p>
        </DropZone>

        {items.length > 0 && (
          <ul aria-label="Batch photos" className="flex max-h-96 flex-col divide-y overflow-y-auto rounded-lg border">
            {items.map((item) => (
              <li key={item.id} className="flex flex-col gap-1.5 p-3 text-sm">
                <div className="flex items-center gap-2">
                  <StateIcon state={item.state} />
                  <span className="min-w-0 flex-1 truncate font-medium" title={item.file.name}>
                    {item.file.name}
                  </span>
                  <span className="shrink-0 text-xs text-muted-foreground">{formatMegabytes(item.file.size)}</span>
                  <Badge variant={item.state === 'failed' || item.state === 'invalid' ? 'destructive' : 'secondary'}>{STATE_LABEL[item.state]}</Badge>
                  {item.state === 'failed' && (
                    <Button size="icon-sm" variant="ghost" aria-label={`Retry ${item.file.name}`} disabled={running} onClick={() => onRetry(item.id)}>
                      <RotateCcw />
                    </Button>
                  )}
                  {(item.state === 'waiting' || item.state === 'invalid') && (
                    <Button size="icon-sm" variant="ghost" aria-label={`Remove ${item.file.name}`} disabled={running} onClick={() => onRemove(item.id)}>
                      <X />
                    </Button>
                  )}
                </div>
                {item.state === 'running' && <Progress value={item.progress.percent} aria-label={`${item.file.name} progress`} />}
                {item.error && <p className="text-destructive">{item.error}</p>}
              </li>
            ))}
          </ul>
        )}

        <p className={cn('text-sm', short ? 'text-destructive' : 'text-muted-foreground')} aria-live="polite">
          {counts.waiting} {counts.waiting === 1 ? 'photo' : 'photos'} to do
          {counts.waiting > 0 && total !== undefined && price !== undefined && (
            <>
              {' '}
              × {formatCredits(price)} = {formatCredits(total)}
            </>
          )}
          {balance !== undefined && <> · you have {balance}</>}
          {counts.done > 0 && <> · {counts.done} done</>}
          {counts.failed > 0 && <> · {counts.failed} failed</>}
          {short && (
            <>
              {' '}
              · <BuyCreditsLink />
            </>
          )}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button onClick={onStart} disabled={running || counts.waiting === 0 || short}>
            {running && <Loader2 className="animate-spin" aria-hidden />}
            {running ? 'Working...' : `${startLabel} (${counts.waiting})`}
          </Button>
          <Button variant="outline" onClick={onDownloadAll} disabled={running || counts.done === 0 || downloading}>
            <Download /> Download ZIP ({counts.done})
          </Button>
          <Button variant="ghost" onClick={onClear} disabled={running || items.length === 0}>
            Clear list
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function StateIcon({ state }: { state: BatchItemState }) {
  if (state === 'done') return <CheckCircle2 className="size-4 shrink-0 text-success" aria-hidden />;
  if (state === 'failed' || state === 'invalid') return <XCircle className="size-4 shrink-0 text-destructive" aria-hidden />;
  if (state === 'running') return <Loader2 className="size-4 shrink-0 animate-spin text-primary" aria-hidden />;
  return <span className="size-4 shrink-0 rounded-full border" aria-hidden />;
}
