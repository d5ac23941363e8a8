import { ResultPreviewDialog } from '@/components/studio/result-preview-dialog';
import type { Spin } from '../types';
import { SpinResult } from './spin-result';

/** A spin from the gallery: the viewer with its downloads and share link. */
export function SpinPreviewDialog({ spin, onOpenChange, onDownload }: { spin: Spin | null; onOpenChange: (open: boolean) => void; onDownload: (spin: Spin) => void }) {
  return <ResultPreviewDialog title="360° spin" item={spin} onOpenChange={onOpenChange} onDownload={onDownload} media={(item) => <SpinResult spin={item} />} />;
}
