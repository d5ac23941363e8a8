import { Coins, Download, RefreshCw, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatCredits } from '@/domains/credits/prices';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { clearAllLabel, downloadAllLabel, refreshLabel } from './gallery-labels';
import type { GalleryWords } from './types';

interface Props {
  title: string;
  subtitle: string;
  balance: number;
  imageCount: number;
  /** What one result is ('image', 'video'): the actions say 'Download all 6 images', 'Download video'. */
  unit: GalleryWords['unit'];
  refreshing: boolean;
  downloading: boolean;
  onRefresh: () => void;
  onDownloadAll: () => void;
  onClearAll: () => void;
}

function IconAction({ label, disabled, onClick, children }: { label: string; disabled?: boolean; onClick: () => void; children: React.ReactNode }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <span className="inline-flex rounded-md">
          <Button variant="outline" size="icon" aria-label={label} disabled={disabled} onClick={onClick}>
            {children}
          </Button>
        </span>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}

/**
 * A studio's title, balance and the gallery's icon actions. The sidebar toggle lives in the dashboard shell's
 * header, which every dashboard screen shares.
 */
export function StudioHeader({ title, subtitle, balance, imageCount, unit, refreshing, downloading, onRefresh, onDownloadAll, onClearAll }: Props) {
  const none = imageCount === 0;
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{subtitle}</p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <p className="mr-1 inline-flex items-center gap-1.5 rounded-full bg-highlight/20 px-3 py-1.5 text-sm font-medium text-highlight-foreground dark:text-highlight" aria-label={`Credit balance: ${balance}`}>
          <Coins className="size-4" aria-hidden />
          {formatCredits(balance)}
        </p>
        <IconAction label={refreshLabel(unit)} onClick={onRefresh}>
          <RefreshCw className={refreshing ? 'animate-spin' : undefined} />
        </IconAction>
        <IconAction label={downloadAllLabel(imageCount, unit)} disabled={none || downloading} onClick={onDownloadAll}>
          <Download />
        </IconAction>
        <IconAction label={clearAllLabel(unit)} disabled={none} onClick={onClearAll}>
          <Trash2 />
        </IconAction>
      </div>
    </header>
  );
}
