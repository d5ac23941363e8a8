import { Loader2, LogIn, Play } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ResultPreviewDialog } from '@/components/studio/result-preview-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/use-auth';
import { getStudioResults } from '@/domains/jobs/get-studio-results';
import { downloadUgcVideo } from '../download';
import { toUgcVideo } from '../api/get-ugc-videos';
import type { UgcVideo } from '../types';
import { WidePageShell } from '@/components/layout/wide-page-shell';

type LibraryVideo = UgcVideo & { kind: 'UGC Video' | '360° Video' };

async function getVideos(): Promise<LibraryVideo[]> {
  const [ugc, spins] = await Promise.all([getStudioResults('ugc_video', 100), getStudioResults('360_video', 100)]);
  return [...ugc.map((r) => ({ ...toUgcVideo(r), kind: 'UGC Video' as const })), ...spins.map((r) => ({ ...toUgcVideo(r), kind: '360° Video' as const }))].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** /library: every video the user made (UGC ads and 360° spins), newest first, each with a player. */
export function VideoLibraryPage() {
  const { user, status } = useAuth();
  const videos = useQuery({ queryKey: ['videos', 'library', user?.id], queryFn: getVideos, enabled: !!user, throwOnError: false });
  const [open, setOpen] = useState<LibraryVideo | null>(null);

  return (
    <WidePageShell
      title="Video Library"
      subtitle="Your UGC ads and 360° spins, newest first."
      actions={
        <Button asChild variant="outline">
          <Link to={paths.create}>New video ad</Link>
        </Button>
      }
    >
      {!user && status !== 'loading' ? (
        <div className="flex flex-col items-start gap-3">
          <p>Sign in to see your videos.</p>
          <Button asChild>
            <Link to={paths.login}>
              <LogIn /> Sign in
            </Link>
          </Button>
        </div>
      ) : videos.isPending ? (
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden /> Loading videos…
        </p>
      ) : videos.isError ? (
        <p role="alert" className="text-destructive">
          Could not load your videos. Please try again.
        </p>
      ) : videos.data.length === 0 ? (
        <p className="text-muted-foreground">No videos yet: make an ad or a 360° spin and it shows up here.</p>
      ) : (
        <ul aria-label="Videos" className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          {videos.data.map((video) => (
            <li key={video.id}>
              <button type="button" onClick={() => setOpen(video)} className="group flex w-full flex-col gap-2 rounded-lg text-left focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none" aria-label={`Play ${video.label}, ${video.kind}`}>
                <span className="relative block aspect-square w-full overflow-hidden rounded-lg bg-muted">
                  {video.posterUrl && <img src={video.posterUrl} alt="" className="size-full object-cover" />}
                  <span className="absolute inset-0 grid place-items-center bg-black/10 opacity-80 group-hover:opacity-100">
                    <Play className="size-10 fill-white text-white drop-shadow" aria-hidden />
                  </span>
                </span>
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate text-sm font-medium">{video.label}</span>
                  {/* The words on the tile read 'label kind', as its name does ('Play label, kind'): a voice user says what they see. */}{' '}
                  <Badge variant="secondary">{video.kind}</Badge>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <ResultPreviewDialog title={open?.kind ?? 'Video'} item={open} onOpenChange={(o) => !o && setOpen(null)} onDownload={(v) => void downloadUgcVideo(v)} />
    </WidePageShell>
  );
}
