import { useState } from 'react';
import { toast } from 'sonner';
import { downloadResultsZip, type DownloadableResult } from '@/domains/jobs/download-results';
import type { StudioMessage } from '@/domains/jobs/image-file';
import type { useBatchRun } from '@/domains/jobs/use-batch-run';
import { BatchPanel } from './batch-panel';
import { ChoiceGroup } from './choice-group';

export type StudioMode = 'single' | 'batch';

/** One photo or a batch: the switch above a studio's cards. */
export function ModeSwitch({ value, disabled, onChange }: { value: StudioMode; disabled: boolean; onChange: (mode: StudioMode) => void }) {
  return (
    <ChoiceGroup
      label="Photos"
      value={value}
      disabled={disabled}
      onChange={onChange}
      className="max-w-md"
      choices={[
        { value: 'single', label: 'One photo' },
        { value: 'batch', label: 'Batch', hint: 'Up to 50 photos, one ZIP' },
      ]}
    />
  );
}

interface Props<T extends DownloadableResult> {
  batch: ReturnType<typeof useBatchRun<T>>;
  price: number | undefined;
  balance: number | undefined;
  startLabel: string;
  /** Starts the waiting photos, or retries one, with the studio's current recipe. */
  onStart: (only?: string) => void;
  fileName: (item: T) => string;
  zipName: string;
  downloadFailed: StudioMessage;
}

/** A studio's batch: the panel wired to the batch run, with the finished photos as one ZIP. */
export function StudioBatch<T extends DownloadableResult>({ batch, price, balance, startLabel, onStart, fileName, zipName, downloadFailed }: Props<T>) {
  const [zipping, setZipping] = useState(false);
  const downloadAll = async () => {
    setZipping(true);
    try {
      await downloadResultsZip(batch.items.flatMap((item) => (item.result ? [item.result] : [])), fileName, zipName);
    } catch {
      toast.error(downloadFailed.title, { description: downloadFailed.description });
    } finally {
      setZipping(false);
    }
  };
  return (
    <BatchPanel
      items={batch.items}
      counts={batch.counts}
      running={batch.running}
      price={price}
      balance={balance}
      startLabel={startLabel}
      downloading={zipping}
      onAdd={(files) => void batch.add(files)}
      onRemove={batch.remove}
      onClear={batch.clear}
      onStart={() => onStart()}
      onRetry={(id) => onStart(id)}
      onDownloadAll={() => void downloadAll()}
    />
  );
}
