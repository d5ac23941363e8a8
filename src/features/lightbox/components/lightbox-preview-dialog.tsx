import { CompareSlider } from '@/components/studio/compare-slider';
import { ResultPreviewDialog } from '@/components/studio/result-preview-dialog';
import type { LightboxImage } from '../types';
import { ComplianceList } from './compliance-list';

interface Props {
  image: LightboxImage | null;
  onOpenChange: (open: boolean) => void;
  onDownload: (image: LightboxImage) => void;
}

/** A lightbox image large, before/after against the phone photo, with its marketplace checks. */
export function LightboxPreviewDialog({ image, onOpenChange, onDownload }: Props) {
  return (
    <ResultPreviewDialog
      title="Lightbox image"
      item={image}
      onOpenChange={onOpenChange}
      onDownload={onDownload}
      media={(item) => (item.originalUrl ? <CompareSlider before={item.originalUrl} after={item.url} alt={item.label} align={item.framing} /> : undefined)}
      details={(item) => <ComplianceList image={item} />}
    />
  );
}
