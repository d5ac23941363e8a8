import { WidePageShell } from '@/components/layout/wide-page-shell';
import { StudioErrorBoundary } from '@/components/studio/studio-error-boundary';
import { reportStudioError } from '@/domains/jobs/report-studio-error';
import { AD_STUDIO } from '../studio';
import { AdAnalyzer } from './ad-analyzer';

const SUGGESTIONS = ['Reload the page and add the ad again', 'Try a screenshot of the ad instead of a link', 'Check your connection, then try again'];

const guarded = (
  <StudioErrorBoundary message="The Competitor Ad Analyzer hit a problem it could not recover from." suggestions={SUGGESTIONS} onError={(error, info) => reportStudioError('Competitor Ad Analyzer', error, info.componentStack, {})}>
    <AdAnalyzer />
  </StudioErrorBoundary>
);

/** /dashboard/competitor-ad-analyzer: inside the dashboard shell. */
export function DashboardAdAnalyzerPage() {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{AD_STUDIO.title}</h1>
        <p className="text-muted-foreground">{AD_STUDIO.subtitle}</p>
      </div>
      {guarded}
    </div>
  );
}

/** /competitor-analyzer: the same analyzer as a public page of its own. */
export function PublicAdAnalyzerPage() {
  return (
    <WidePageShell title={AD_STUDIO.title} subtitle={AD_STUDIO.subtitle}>
      {guarded}
    </WidePageShell>
  );
}
