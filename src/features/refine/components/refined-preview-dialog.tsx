import { ResultPreviewDialog } from '@/components/studio/result-preview-dialog';
import type { RefinedImage } from '../types';
import { CompareSlider } from '@/components/studio/compare-slider';

interface Props {
  image: RefinedImage | null;
  onOpenChange: (open: boolean) => void;
  onDownload: (image: RefinedImage) => void;
}

/** A refined image large, with a before/after slider when the original is still stored. */
export function RefinedPreviewDialog({ image, onOpenChange, onDownload }: Props) {
  return (
    <ResultPreviewDialog
      title="Refined image"
      item={image}
      onOpenChange={onOpenChange}
      onDownload={onDownload}
      media={(item) => (item.originalUrl ? <CompareSlider before={item.originalUrl} after={item.url} alt={item.label} /> : undefined)}
      details={(item) => item.applied.length > 0 && <p className="text-sm text-muted-foreground">Applied: {item.applied.join(', ')}</p>}
    />
  );
}
