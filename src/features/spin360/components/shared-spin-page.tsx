import { Loader2, RotateCw } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { PageShell } from '@/components/layout/page-shell';
import { SpinViewer } from '@/components/studio/spin-viewer';
import { Button } from '@/components/ui/button';
import { BRAND } from '@/config/brand';
import { paths } from '@/config/paths';
import { useSharedSpin, type SharedSpin } from '../api/get-shared-spin';

function Viewer({ spin }: { spin: SharedSpin }) {
  return spin.frames.length > 0 ? (
    <SpinViewer frames={spin.frames} fps={spin.fps} label={`360° view of ${spin.title}`} className="w-full" />
  ) : (
    <video src={spin.video_url ?? undefined} poster={spin.poster_url ?? undefined} controls loop autoPlay muted playsInline className="w-full rounded-lg bg-muted" aria-label={`360° video of ${spin.title}`}>
      <track kind="captions" />
    </video>
  );
}

/**
 * A shared spin, for anyone with the link: the viewer and the product's name. With `?embed=1` it
 * is only the viewer, for the iframe of the embed snippet on a product page.
 */
export function SharedSpinPage() {
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const embed = search.get('embed') === '1';
  const spin = useSharedSpin(token);

  useEffect(() => {
    document.title = spin.data ? `${spin.data.title} — 360° view · ${BRAND.name}` : `360° view · ${BRAND.name}`;
  }, [spin.data]);

  const body = spin.isPending ? (
    <p role="status" className="flex items-center gap-2 text-muted-foreground">
      <Loader2 className="size-4 animate-spin" aria-hidden /> Loading the spin…
    </p>
  ) : spin.isError ? (
    <div role="alert" className="flex flex-col items-center gap-3 text-center">
      <RotateCw className="size-8 text-muted-foreground" aria-hidden />
      <p className="font-medium">{spin.error.message}</p>
      {!embed && (
        <Button asChild variant="outline">
          <Link to={paths.home}>Go to {BRAND.name}</Link>
        </Button>
      )}
    </div>
  ) : (
    <Viewer spin={spin.data} />
  );

  if (embed) return <main className="grid min-h-dvh place-items-center bg-background p-2">{body}</main>;
  return (
    <PageShell>
      <div className="flex w-full max-w-2xl flex-col gap-4">
        {spin.data && <h1 className="text-2xl font-semibold tracking-tight">{spin.data.title}</h1>}
        {body}
        {spin.data && <p className="text-sm text-muted-foreground">Drag, swipe or use the arrow keys to turn it. Made with {BRAND.name}.</p>}
      </div>
    </PageShell>
  );
}
