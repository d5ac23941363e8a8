import { Download, MousePointerClick, Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import type { ZipProgress } from '../hooks/use-content-downloads';

interface BulkActionsBarProps {
  selectedCount: number;
  allSelected: boolean;
  onToggleAll: () => void;
  onDownload: () => void;
  onDelete: () => void;
  zipProgress: ZipProgress | null;
  deleting: boolean;
}

export function BulkActionsBar(props: BulkActionsBarProps) {
  const none = props.selectedCount === 0;
  const zipping = props.zipProgress !== null;
  return (
    <div className="space-y-3">
      <div role="status" className="flex items-center gap-2 rounded-lg border border-primary/30 bg-primary/10 px-3 py-2 text-sm font-medium text-foreground">
        <MousePointerClick className="size-4 shrink-0 text-primary" aria-hidden />
        Select Mode Active - Click tiles to select items
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="secondary" className="h-8 px-3 text-sm" aria-live="polite">
          {props.selectedCount} selected
        </Badge>
        <Button variant="outline" size="sm" onClick={props.onToggleAll}>
          {props.allSelected ? 'Deselect All' : 'Select All'}
        </Button>
        <Button variant="outline" size="sm" onClick={props.onDownload} disabled={none || zipping}>
          <Download aria-hidden />
          {zipping ? 'Preparing ZIP...' : 'Download ZIP'}
        </Button>
        <Button variant="destructive" size="sm" onClick={props.onDelete} disabled={none || props.deleting}>
          <Trash2 aria-hidden />
          {props.deleting ? 'Deleting...' : 'Delete'}
        </Button>
      </div>
      {props.zipProgress && (
        <div className="flex items-center gap-3" aria-live="polite">
          <Progress value={props.zipProgress.percent} aria-label="ZIP progress" className="max-w-sm" />
          <span className="text-xs tabular-nums text-muted-foreground">
            {props.zipProgress.percent}% · {props.zipProgress.done}/{props.zipProgress.total} files
          </span>
        </div>
      )}
    </div>
  );
}
