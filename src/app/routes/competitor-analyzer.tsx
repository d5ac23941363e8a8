import { ComingSoon } from '@/components/layout/coming-soon';
import { PageShell } from '@/components/layout/page-shell';

export default function CompetitorAnalyzerRoute() {
  return (
    <PageShell>
      <ComingSoon title="Competitor Ad Analyzer" description="Break down a competitor ad and make your own version." />
    </PageShell>
  );
}
