import { ComingSoon } from '@/components/layout/coming-soon';

export default function DashboardCompetitorAdAnalyzerRoute() {
  return <ComingSoon title="Competitor Ad Analyzer" description="Analyse a competitor ad and generate variations." />;
}
