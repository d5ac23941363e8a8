import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { BRAND } from '@/config/brand';
import { downloadUgcVideo } from '../download';
import { allowedParent, tellParent } from '../embed';
import type { UgcVideo } from '../types';
import { UgcEditor } from './ugc-editor';

/**
 * /embedded: the video form without the app's chrome, for an iframe on another site
 * (`/embedded?parent=https://shop.example`). When a video is done it tells the embedding page —
 * only when that page's origin is allowed (VITE_EMBED_ALLOWED_ORIGINS), and only that origin.
 */
export function EmbeddedPage() {
  const [search] = useSearchParams();
  const parent = useMemo(() => allowedParent(search.get('parent')), [search]);
  const onRendered = useCallback(
    (video: UgcVideo) => {
      tellParent(parent, { type: 'shotcraft:video-ready', video: { id: video.id, title: video.label, url: video.url, durationSeconds: video.durationSeconds } });
    },
    [parent],
  );
  return (
    <main className="flex min-h-dvh flex-col gap-4 bg-background p-3 sm:p-4">
      <h1 className="text-lg font-semibold">Make a video ad · {BRAND.name}</h1>
      <UgcEditor compact onDownload={(v) => void downloadUgcVideo(v)} onRendered={onRendered} />
    </main>
  );
}
