import { Link2, LogIn, ScanSearch, Upload } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { DropZone } from '@/components/studio/drop-zone';
import { PlanLockedNotice } from '@/components/studio/plan-locked-notice';
import { RunPanel } from '@/components/studio/run-panel';
import { StudioCardHeader } from '@/components/studio/studio-card-header';
import { TextField } from '@/components/studio/text-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/use-auth';
import { canGenerate } from '@/domains/credits/can-generate';
import { useCreditSummary, useStudioPrices } from '@/domains/credits/api';
import { planIncludes } from '@/domains/credits/plan-studios';
import { priceOf } from '@/domains/credits/prices';
import { refusedByPlan } from '@/domains/jobs/preflight';
import type { Analysis } from '../api/analyze-ad';
import { useAdHistory } from '../api/get-history';
import { adKeys } from '../api/keys';
import { useAdRun } from '../hooks/use-ad-run';
import { AD_STUDIO } from '../studio';
import { AdReportView } from './ad-report-view';
import { PastAnalyses } from './past-analyses';
import { VariationsCard } from './variations-card';

/**
 * The analyzer (docs/spec.md §2 /dashboard/competitor-ad-analyzer and /competitor-analyzer): an ad
 * uploaded or linked → the report → variations of the user's product; past analyses to reopen.
 * Signed out it explains and asks for sign-in before anything is spent.
 */
export function AdAnalyzer() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const summary = useCreditSummary({ enabled: !!user });
  const prices = useStudioPrices();
  const history = useAdHistory(user?.id);
  const [mode, setMode] = useState<'file' | 'url'>('file');
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [title, setTitle] = useState('');
  const { progress, lastResult, error, start } = useAdRun(user);
  // A past analysis reopened from the list, until the next run.
  const [reopened, setReopened] = useState<Analysis | null>(null);
  const analysis = reopened ?? lastResult;
  const price = prices.data ? priceOf(prices.data, 'competitor_ad') : undefined;

  const analyse = () => {
    setReopened(null);
    void start(() => {
      if (refusedByPlan(summary.data, 'competitor_ad', navigate)) return null;
      if (summary.data && prices.data && !canGenerate(summary.data, prices.data, 'competitor_ad')) {
        toast.error(AD_STUDIO.messages.insufficientCredits.title, { description: AD_STUDIO.messages.insufficientCredits.description });
        return null;
      }
      if (mode === 'file' ? !file : !url.trim()) {
        toast.error('No ad selected', { description: mode === 'file' ? 'Choose the ad image or video to analyse.' : 'Paste the link of the ad image.' });
        return null;
      }
      return { input: mode === 'file' ? { kind: 'file', file: file! } : { kind: 'url', url: url.trim() }, title };
    });
  };

  if (!user) {
    return (
      <Card>
        <CardContent className="flex flex-col items-start gap-3">
          <p>Drop a competitor’s ad and get a report: its words, offer and call to action, text density, colours, which placements it fits and a score with reasons — then your own versions of it. An analysis costs {price ?? 10} credits; new accounts get 5 free.</p>
          <Button asChild>
            <Link to={paths.login}>
              <LogIn /> Sign in to analyse an ad
            </Link>
          </Button>
        </CardContent>
      </Card>
    );
  }

  const plan = summary.data?.subscription_plan;
  const locked = plan !== undefined && !planIncludes(plan, 'competitor_ad');

  return (
    <div className="flex flex-col gap-6">
      {locked ? (
        <PlanLockedNotice studio="competitor_ad" plan={plan} />
      ) : (
        <div className="flex flex-col gap-6 lg:grid lg:grid-cols-2 lg:items-start">
          <Card>
            <StudioCardHeader icon={ScanSearch} title="The ad" description="An image (JPEG, PNG, WebP) or a video ad (its first second is read), up to 20 MB — or a link to the image." />
            <CardContent className="flex flex-col gap-4">
              <div role="tablist" aria-label="How to add the ad" className="flex gap-2">
                <Button role="tab" aria-selected={mode === 'file'} variant={mode === 'file' ? 'default' : 'outline'} size="sm" onClick={() => setMode('file')}>
                  <Upload /> Upload
                </Button>
                <Button role="tab" aria-selected={mode === 'url'} variant={mode === 'url' ? 'default' : 'outline'} size="sm" onClick={() => setMode('url')}>
                  <Link2 /> Paste a link
                </Button>
              </div>
              {mode === 'file' ? (
                <DropZone disabled={false} onDropFiles={(files) => setFile(files[0] ?? null)} className="gap-2 py-6">
                  <input id="ad-file" type="file" accept="image/jpeg,image/png,image/webp,video/mp4,video/quicktime,video/webm" className="sr-only" aria-label="Choose the ad" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
                  <Button variant="outline" onClick={() => document.getElementById('ad-file')?.click()}>
                    Choose the ad
                  </Button>
                  <p className="text-sm text-muted-foreground">{file ? file.name : 'or drop it here'}</p>
                </DropZone>
              ) : (
                <TextField label="Link to the ad image" value={url} maxLength={2000} placeholder="https://…" onChange={setUrl} />
              )}
              <TextField label={<>Name it <span className="font-normal text-muted-foreground">(optional)</span></>} value={title} maxLength={120} placeholder="e.g. Glossier summer sale" onChange={setTitle} />
            </CardContent>
          </Card>
          <RunPanel
            progress={progress}
            disabled={mode === 'file' ? !file : !url.trim()}
            labels={AD_STUDIO.labels}
            icon={ScanSearch}
            summary={<>Text, offer, call to action, colours, layout, placements and a score</>}
            price={price}
            balance={summary.data?.total_credits}
            progressLabel="Analysis progress"
            onRun={analyse}
            error={error}
          />
        </div>
      )}
      {analysis && (
        <>
          <AdReportView report={analysis.report} annotatedUrl={analysis.annotatedUrl} />
          {/* Variations are part of the analyzer: a plan without it keeps its reports, not new versions. */}
          {!locked && <VariationsCard userId={user.id} jobId={analysis.jobId} report={analysis.report} onDone={() => void queryClient.invalidateQueries({ queryKey: adKeys.all })} />}
        </>
      )}
      <PastAnalyses analyses={history.data} loading={history.isPending} onOpen={(past) => setReopened({ jobId: past.jobId, report: past.report, annotatedUrl: past.annotatedUrl })} />
    </div>
  );
}
