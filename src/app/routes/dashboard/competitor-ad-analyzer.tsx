import { DashboardAdAnalyzerPage } from '@/features/ads/components/ad-analyzer-page';

export default function DashboardCompetitorAdAnalyzerRoute() {
  return <DashboardAdAnalyzerPage />;
}
