import { ArrowRight, Camera, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { WidePageShell } from '@/components/layout/wide-page-shell';
import { CompareSlider } from '@/components/studio/compare-slider';
import { RunPanel } from '@/components/studio/run-panel';
import { StudioCardHeader } from '@/components/studio/studio-card-header';
import { UploadCard } from '@/components/studio/upload-card';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';
import { useCreditSummary, useStudioPrices } from '@/domains/credits/api';
import { priceOf } from '@/domains/credits/prices';
import { readyToRun } from '@/domains/jobs/preflight';
import { isBusy } from '@/domains/jobs/run-stages';
import { useImageFile } from '@/domains/jobs/use-image-file';
import { useLightboxRun } from '../hooks/use-lightbox-run';
import { DEFAULT_OPTIONS, lightboxOptionsSchema } from '../options';
import { LIGHTBOX_PREFLIGHT, LIGHTBOX_STUDIO } from '../studio';
import { ComplianceList } from './compliance-list';
import { VisitorTrial } from './visitor-trial';

/**
 * /trial/lightbox: one focused screen, no dashboard. A visitor tries one photo without an account
 * (a small watermarked result, then sign up for the full one); a signed-in user runs it (an
 * Amazon-ready shot) on their free credits, then sees where to go next.
 */
export function TrialLightboxPage() {
  const { status, user } = useAuth();
  return (
    <WidePageShell variant="hero" title="Try the Lightbox free" subtitle="A phone photo in, a clean catalogue shot out — cut out, centred, on pure white, sized for Amazon.">
      {status === 'loading' ? null : user ? <TrialRun user={user} /> : <VisitorTrial />}
    </WidePageShell>
  );
}

function TrialRun({ user }: { user: { id: string; email: string } }) {
  const summary = useCreditSummary();
  const prices = useStudioPrices();
  const image = useImageFile(LIGHTBOX_STUDIO.files);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const { progress, lastResult, error, start } = useLightboxRun(user);
  const price = prices.data ? priceOf(prices.data, 'lightbox') : undefined;
  const balance = summary.data?.total_credits;
  const outOfCredits = balance !== undefined && price !== undefined && balance < price;
  const busy = isBusy(progress.phase);

  const create = () =>
    void start(() => {
      const parsed = lightboxOptionsSchema.safeParse({ ...DEFAULT_OPTIONS, product_name: name });
      setNameError(parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Product name is required'));
      if (!parsed.success) return null;
      const ready = readyToRun({ studio: 'lightbox', summary: summary.data, prices: prices.data, image: image.state, messages: LIGHTBOX_PREFLIGHT });
      return ready && { ...ready, options: parsed.data };
    });

  return (
    <div className="grid gap-6 md:grid-cols-2 md:items-start">
      <div className="flex flex-col gap-6">
        <UploadCard
          inputLabel="Choose a product photo"
          readyText="Ready for the lightbox"
          image={image}
          disabled={busy}
        />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="trial-product-name">Product name</Label>
          <Input
            id="trial-product-name"
            value={name}
            maxLength={120}
            disabled={busy}
            placeholder="e.g. Ceramic coffee mug, blue"
            aria-invalid={!!nameError}
            aria-describedby={nameError ? 'trial-product-name-error' : undefined}
            onChange={(e) => setName(e.target.value)}
          />
          {nameError && (
            <p id="trial-product-name-error" className="text-sm text-destructive">
              {nameError}
            </p>
          )}
        </div>
        <RunPanel
          progress={progress}
          disabled={image.state.status !== 'ready' || outOfCredits}
          labels={LIGHTBOX_STUDIO.labels}
          icon={Camera}
          summary={
            <>
              Output: <span className="font-medium text-foreground">Amazon main image, pure white</span>
            </>
          }
          price={price}
          balance={balance}
          progressLabel="Lightbox progress"
          onRun={create}
          error={error}
        />
      </div>
      <div className="flex flex-col gap-6">
        {lastResult ? (
          <Card>
            <CardHeader>
              <CardTitle>{lastResult.label}</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              {lastResult.originalUrl ? <CompareSlider before={lastResult.originalUrl} after={lastResult.url} alt={lastResult.label} align={lastResult.framing} /> : <img src={lastResult.url} alt={`Lightbox image: ${lastResult.label}`} className="w-full rounded-lg bg-muted" />}
              <ComplianceList image={lastResult} />
            </CardContent>
          </Card>
        ) : (
          <CompareSlider before="/samples/lightbox-before.webp" after="/samples/lightbox-after.webp" alt="An example: a mug on a kitchen table, made into an Amazon main image" />
        )}
        <NextSteps balance={balance} outOfCredits={outOfCredits} />
      </div>
    </div>
  );
}

function NextSteps({ balance, outOfCredits }: { balance: number | undefined; outOfCredits: boolean }) {
  return (
    <Card className={outOfCredits ? 'border-primary' : undefined}>
      <StudioCardHeader
        icon={Sparkles}
        title={outOfCredits ? 'You have used your free credits' : `${balance ?? '…'} free credits left`}
        description={outOfCredits ? 'Pick a plan to keep creating: every studio, batch runs and marketplace presets.' : 'Backgrounds, shadows, other marketplaces and batches are in the full studio.'}
      />
      <CardContent className="flex flex-wrap gap-3">
        <Button asChild variant={outOfCredits ? 'default' : 'outline'}>
          <Link to={paths.billing}>See plans</Link>
        </Button>
        <Button asChild variant={outOfCredits ? 'outline' : 'default'}>
          <Link to={paths.dashboard.lightbox}>
            Open the full Lightbox Studio <ArrowRight aria-hidden />
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
