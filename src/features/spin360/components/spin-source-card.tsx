import { ArrowLeft, ArrowRight, Film, FolderOpen, ImagePlus, Images, Upload, X } from 'lucide-react';
import { useRef } from 'react';
import { DropZone } from '@/components/studio/drop-zone';
import { FileChecking, FileError } from '@/components/studio/file-status';
import { FromLibraryButton } from '@/components/studio/library-picker';
import { StudioCardHeader } from '@/components/studio/studio-card-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { formatMegabytes } from '@/lib/format';
import { SPIN_LIMITS } from '@shotcraft/shared/jobs/studios/spin360.ts';
import type { SpinSource } from '../hooks/use-spin-source';

interface Props {
  source: SpinSource;
  disabled: boolean;
}

/** Webkit's folder picker (every current browser has it; React does not type it). */
const folderAttributes = { webkitdirectory: '', directory: '' } as Record<string, string>;

/**
 * Photos or a video in: a drop area with three pickers (photos, a folder, a video), then the frame
 * strip — every photo in turn order with move earlier/later and remove — or the video's preview.
 */
export function SpinSourceCard({ source, disabled }: Props) {
  const { state } = source;
  const photos = useRef<HTMLInputElement>(null);
  const folder = useRef<HTMLInputElement>(null);
  const video = useRef<HTMLInputElement>(null);
  const pick = (input: HTMLInputElement | null) => {
    if (input) input.value = '';
    input?.click();
  };
  const onFiles = (files: FileList | null) => void source.select(files ? [...files] : []);
  const frameCount = state.status === 'frames' ? state.frames.length : 0;
  const short = state.status === 'frames' && frameCount < SPIN_LIMITS.minFrames;

  return (
    <Card>
      <StudioCardHeader
        icon={Upload}
        title="Photos or video"
        description={
          <>
            {SPIN_LIMITS.minFrames}–{SPIN_LIMITS.maxFrames} photos of one turn (numbered in order), or one turntable video (MP4, MOV or WebM, up to{' '}
            {SPIN_LIMITS.maxVideoBytes / 1024 / 1024} MB and {SPIN_LIMITS.maxVideoSeconds} s).
          </>
        }
      />
      <CardContent className="flex flex-col gap-4">
        <input ref={photos} type="file" accept="image/*" multiple className="sr-only" tabIndex={-1} aria-label="Choose the photos of one turn" disabled={disabled} onChange={(e) => onFiles(e.target.files)} />
        <input ref={folder} type="file" multiple className="sr-only" tabIndex={-1} aria-label="Choose a folder of photos" disabled={disabled} onChange={(e) => onFiles(e.target.files)} {...folderAttributes} />
        <input ref={video} type="file" accept="video/mp4,video/quicktime,video/webm,.mp4,.mov,.webm" className="sr-only" tabIndex={-1} aria-label="Choose a turntable video" disabled={disabled} onChange={(e) => onFiles(e.target.files)} />

        {state.status === 'preparing' && (
          <FileChecking title={state.total > 1 ? `Checking photos… ${state.done} of ${state.total}` : 'Checking the video…'} hint="Reading each file and making the frame strip" />
        )}

        {state.status === 'error' && <FileError message={state.message} onRetry={source.clear} />}

        {(state.status === 'empty' || state.status === 'error') && (
          <DropZone disabled={disabled} onDropFiles={(files) => void source.select(files)} className="gap-3 py-8">
            <span className="grid size-12 place-items-center rounded-full bg-primary/10 text-primary">
              <ImagePlus className="size-6" aria-hidden />
            </span>
            <div className="flex flex-wrap justify-center gap-2">
              <Button onClick={() => pick(photos.current)} disabled={disabled}>
                <Images /> Choose Photos
              </Button>
              <Button variant="outline" onClick={() => pick(folder.current)} disabled={disabled}>
                <FolderOpen /> Choose Folder
              </Button>
              <Button variant="outline" onClick={() => pick(video.current)} disabled={disabled}>
                <Film /> Choose Video
              </Button>
              <FromLibraryButton max={SPIN_LIMITS.maxFrames} onPick={(files) => void source.select(files)} disabled={disabled} />
            </div>
            <p className="text-sm text-muted-foreground">or drag and drop the photos or the video here</p>
          </DropZone>
        )}

        {state.status === 'frames' && (
          <>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm">
                <span className="font-medium">{frameCount} photos</span> <span className="text-muted-foreground">· in turn order, first at the left</span>
              </p>
              <Button variant="outline" size="sm" onClick={source.clear} disabled={disabled}>
                <X /> Remove all
              </Button>
            </div>
            {short && (
              <p role="alert" className="text-sm text-destructive">
                A spin needs at least {SPIN_LIMITS.minFrames} photos: add {SPIN_LIMITS.minFrames - frameCount} more.
              </p>
            )}
            <ol aria-label="Frame strip" className="flex gap-2 overflow-x-auto pb-2">
              {state.frames.map((frame, i) => (
                <li key={frame.id} className="flex w-24 shrink-0 flex-col gap-1">
                  <img src={frame.thumbUrl} alt={`Frame ${i + 1}: ${frame.file.name}`} className="aspect-square w-24 rounded-md border bg-muted object-cover" />
                  <span className="truncate text-xs text-muted-foreground" title={frame.file.name}>
                    {i + 1}. {frame.file.name}
                  </span>
                  <span className="flex justify-between">
                    <Button variant="ghost" size="icon" className="size-7" aria-label={`Move frame ${i + 1} earlier`} disabled={disabled || i === 0} onClick={() => source.move(frame.id, -1)}>
                      <ArrowLeft />
                    </Button>
                    <Button variant="ghost" size="icon" className="size-7" aria-label={`Remove frame ${i + 1}`} disabled={disabled} onClick={() => source.remove(frame.id)}>
                      <X />
                    </Button>
                    <Button variant="ghost" size="icon" className="size-7" aria-label={`Move frame ${i + 1} later`} disabled={disabled || i === frameCount - 1} onClick={() => source.move(frame.id, 1)}>
                      <ArrowRight />
                    </Button>
                  </span>
                </li>
              ))}
            </ol>
          </>
        )}

        {state.status === 'video' && (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <video src={state.video.url} muted playsInline controls className="aspect-video w-full max-w-72 rounded-lg border bg-muted" aria-label={`Selected video: ${state.video.file.name}`} />
            <div className="flex min-w-0 flex-col gap-2">
              <p className="truncate font-medium" title={state.video.file.name}>
                {state.video.file.name}
              </p>
              <p className="text-sm text-muted-foreground">
                {formatMegabytes(state.video.file.size)}
                {state.video.duration !== null && ` · ${state.video.duration.toFixed(1)} s`}
              </p>
              <Button variant="outline" size="sm" className="self-start" onClick={source.clear} disabled={disabled}>
                <X /> Remove
              </Button>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
