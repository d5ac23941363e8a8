import { FileX2, ImageOff } from 'lucide-react';
import { useState } from 'react';
import type { ContentItem } from '../types';

/**
 * The tile's picture, whole and in its own aspect on the tile's neutral backdrop: a rendered
 * thumbnail (storage image transformation, fitted inside, never cropped), or for a video without
 * a poster the muted video itself; an honest 'File missing' when storage has no bytes.
 */
export function ContentThumbnail({ item }: { item: ContentItem }) {
  const [broken, setBroken] = useState(false);
  const urls = item.urls;

  if (!urls || urls.missing) {
    return (
      <div className="flex size-full flex-col items-center justify-center gap-2 bg-muted p-4 text-center text-muted-foreground">
        <FileX2 className="size-8" aria-hidden />
        <span className="text-sm font-medium">File missing</span>
        <span className="text-xs">The record exists but storage has no file for it.</span>
      </div>
    );
  }
  if (broken) {
    return (
      <div className="flex size-full flex-col items-center justify-center gap-2 bg-muted text-muted-foreground">
        <ImageOff className="size-8" aria-hidden />
        <span className="text-sm">Preview unavailable</span>
      </div>
    );
  }
  if (urls.thumbnailUrl) {
    return (
      <img
        src={urls.thumbnailUrl}
        alt=""
        loading="lazy"
        decoding="async"
        draggable={false}
        onError={() => setBroken(true)}
        className="size-full object-contain"
      />
    );
  }
  if (item.kind === 'video' && urls.url) {
    return (
      <video
        src={`${urls.url}#t=0.5`}
        muted
        playsInline
        loop
        preload="metadata"
        aria-hidden
        onMouseEnter={(e) => void e.currentTarget.play().catch(() => undefined)}
        onMouseLeave={(e) => e.currentTarget.pause()}
        onError={() => setBroken(true)}
        className="size-full bg-black object-contain"
      />
    );
  }
  return <div className="size-full bg-muted" />;
}
