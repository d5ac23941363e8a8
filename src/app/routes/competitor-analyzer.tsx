import { PublicAdAnalyzerPage } from '@/features/ads/components/ad-analyzer-page';

export default function CompetitorAnalyzerRoute() {
  return <PublicAdAnalyzerPage />;
}
