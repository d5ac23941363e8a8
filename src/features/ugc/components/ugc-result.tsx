import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { UgcVideo } from '../types';

/** A rendered ad: played in the page, with its download. */
export function UgcResult({ video, onDownload }: { video: UgcVideo; onDownload: (video: UgcVideo) => void }) {
  const ratio = video.width && video.height ? `${video.width} / ${video.height}` : '9 / 16';
  return (
    <div className="flex flex-col gap-3">
      <video src={video.url} poster={video.posterUrl ?? undefined} controls playsInline className="mx-auto max-h-[70dvh] rounded-lg bg-black" style={{ aspectRatio: ratio }} aria-label={`Video ad: ${video.label}`}>
        <track kind="captions" />
      </video>
      <Button className="self-start" onClick={() => onDownload(video)}>
        <Download /> Download MP4
      </Button>
    </div>
  );
}
