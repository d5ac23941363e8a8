import { ArrowRight, Loader2, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CompareSlider } from '@/components/studio/compare-slider';
import { UploadCard } from '@/components/studio/upload-card';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { toAppError } from '@/lib/errors';
import { useImageFile } from '@/domains/jobs/use-image-file';
import { useTryLightbox, type TrialShot } from '../api/try-lightbox';
import { LIGHTBOX_TRIAL } from '../studio';

/**
 * A visitor's free try: one photo in, a small watermarked catalogue shot back, no account — then
 * the way to the full-resolution image is signing up. Refusals (too many tries, a bad file) are
 * shown as the server words them.
 */
export function VisitorTrial() {
  const image = useImageFile(LIGHTBOX_TRIAL.files, LIGHTBOX_TRIAL.limits);
  const trial = useTryLightbox();
  // The last image made stays on screen when a later try is refused.
  const [shot, setShot] = useState<TrialShot | null>(null);
  const ready = image.state.status === 'ready';
  const error = trial.error ? toAppError(trial.error) : null;
  const run = () => {
    if (image.state.status === 'ready') trial.mutate(image.state.file, { onSuccess: setShot });
  };

  return (
    <div className="grid gap-6 md:grid-cols-2 md:items-start">
      <div className="flex min-w-0 flex-col gap-6">
        <UploadCard inputLabel="Choose a product photo" readyText="Ready for a free try" image={image} disabled={trial.isPending} maxSizeText="10 MB" />
        <Card>
          <CardHeader>
            <CardTitle>Try it on your own photo</CardTitle>
            <CardDescription>No account needed: a 512 px preview with a watermark, up to 3 tries an hour.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <Button size="lg" onClick={run} disabled={!ready || trial.isPending}>
              {trial.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Sparkles aria-hidden />}
              {trial.isPending ? LIGHTBOX_TRIAL.running : LIGHTBOX_TRIAL.run}
            </Button>
            <p role="status" className="sr-only">
              {trial.isPending ? LIGHTBOX_TRIAL.running : trial.isSuccess ? 'Your trial image is ready.' : ''}
            </p>
            {error && (
              <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-sm">
                <p className="text-destructive">
                  <span className="font-semibold">{error.code === 'rate_limited' ? 'No free tries left:' : 'Error:'}</span> {error.message}
                </p>
                {error.code === 'rate_limited' && (
                  <Button asChild size="sm">
                    <Link to={paths.signup}>Sign up free</Link>
                  </Button>
                )}
              </div>
            )}
          </CardContent>
        </Card>
      </div>
      <div className="flex min-w-0 flex-col gap-6">
        {shot ? <TrialResult shot={shot} /> : <SampleAndSignUp />}
      </div>
    </div>
  );
}

function TrialResult({ shot }: { shot: TrialShot }) {
  return (
    <Card className="border-primary">
      <CardHeader>
        <CardTitle>Your lightbox image</CardTitle>
        <CardDescription>
          A {shot.width}×{shot.height} px preview marked “{shot.watermark}”. {shot.remaining.hour === 1 ? '1 free try' : `${shot.remaining.hour} free tries`} left this hour.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <img src={shot.image} width={shot.width} height={shot.height} alt={`Your product on pure white, ${shot.width}×${shot.height} px, watermarked “${shot.watermark}”`} className="h-auto w-full max-w-[512px] self-center rounded-lg border bg-white" />
        <Button asChild size="lg">
          <Link to={paths.signup}>
            {LIGHTBOX_TRIAL.signUp} <ArrowRight aria-hidden />
          </Link>
        </Button>
        <p className="text-sm text-muted-foreground">5 free credits, no card: 2000 px Amazon-ready images without a watermark, other backdrops and marketplaces.</p>
      </CardContent>
    </Card>
  );
}

function SampleAndSignUp() {
  return (
    <>
      <CompareSlider before="/samples/lightbox-before.webp" after="/samples/lightbox-after.webp" alt="An example: a mug on a kitchen table, made into an Amazon main image" />
      <Card>
        <CardHeader>
          <CardTitle>5 free credits, no card</CardTitle>
          <CardDescription>Each lightbox image costs 1 credit. Create a free account for full-resolution catalogue shots of your own photos.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <Button asChild variant="outline">
            <Link to={paths.signup}>
              Sign up free <ArrowRight aria-hidden />
            </Link>
          </Button>
          <Button asChild variant="ghost">
            <Link to={paths.login}>I already have an account</Link>
          </Button>
        </CardContent>
      </Card>
    </>
  );
}
