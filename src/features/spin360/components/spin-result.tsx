import { Download, FileArchive, Film, Loader2, Share2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { SpinViewer } from '@/components/studio/spin-viewer';
import { Button } from '@/components/ui/button';
import { buildZip, fetchBlob, fetchFile, saveBlob } from '@/lib/download';
import { toAppError } from '@/lib/errors';
import { useSpinFiles } from '../api/get-spins';
import { spinFileBase } from '../file-name';
import { SPIN_STUDIO } from '../studio';
import type { Spin } from '../types';
import { ShareSpinDialog } from './share-spin-dialog';

type Busy = 'mp4' | 'loop' | 'zip' | null;

/**
 * A finished spin: the interactive viewer (drag, arrows, autoplay, fullscreen), then the MP4, the
 * loop and the frames as a ZIP, and a share link with an embed snippet.
 */
export function SpinResult({ spin }: { spin: Spin }) {
  const files = useSpinFiles(spin);
  const [busy, setBusy] = useState<Busy>(null);
  const [sharing, setSharing] = useState(false);
  const base = spinFileBase(spin);

  const run = async (kind: Exclude<Busy, null>, work: () => Promise<void>) => {
    setBusy(kind);
    try {
      await work();
    } catch (error) {
      toast.error(SPIN_STUDIO.toasts.downloadFailed.title, { description: toAppError(error, SPIN_STUDIO.toasts.downloadFailed.description).message });
    } finally {
      setBusy(null);
    }
  };
  const loopUrl = files.data?.loopUrl;
  const frames = files.data?.frames ?? [];

  return (
    <div className="flex flex-col gap-4">
      {files.isPending ? (
        <div role="status" className="grid aspect-square w-full place-items-center rounded-lg bg-muted text-sm text-muted-foreground">
          <span className="flex items-center gap-2">
            <Loader2 className="size-4 animate-spin" aria-hidden /> Loading the spin…
          </span>
        </div>
      ) : frames.length > 0 ? (
        <SpinViewer frames={frames} fps={spin.fps} label={`360° view of ${spin.label}`} />
      ) : (
        <video src={spin.url} poster={spin.posterUrl ?? undefined} controls loop playsInline className="w-full rounded-lg bg-muted" aria-label={`360° video of ${spin.label}`}>
          <track kind="captions" />
        </video>
      )}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void run('mp4', async () => saveBlob(await fetchBlob(spin.url), `${base}.mp4`))} disabled={busy !== null}>
          {busy === 'mp4' ? <Loader2 className="animate-spin" /> : <Film />} Download MP4
        </Button>
        {loopUrl && (
          <Button variant="outline" onClick={() => void run('loop', async () => saveBlob(await fetchBlob(loopUrl), `${base}.${spin.loopFormat}`))} disabled={busy !== null}>
            {busy === 'loop' ? <Loader2 className="animate-spin" /> : <Download />} Download {spin.loopFormat === 'gif' ? 'GIF' : 'WebP'}
          </Button>
        )}
        {frames.length > 0 && (
          <Button
            variant="outline"
            disabled={busy !== null}
            onClick={() =>
              void run('zip', async () => {
                const entries = frames.map(async (url, i) => ({ name: `${base}/${String(i + 1).padStart(3, '0')}.jpg`, input: await fetchFile(url) }));
                saveBlob(await buildZip(await Promise.all(entries)), `${base}-frames.zip`);
              })
            }
          >
            {busy === 'zip' ? <Loader2 className="animate-spin" /> : <FileArchive />} Frames (ZIP)
          </Button>
        )}
        <Button variant="outline" onClick={() => setSharing(true)}>
          <Share2 /> Share
        </Button>
      </div>
      <ShareSpinDialog spin={sharing ? spin : null} onOpenChange={setSharing} />
    </div>
  );
}
