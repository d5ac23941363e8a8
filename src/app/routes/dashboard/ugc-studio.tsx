import { ComingSoon } from '@/components/layout/coming-soon';

export default function DashboardUgcStudioRoute() {
  return <ComingSoon title="UGC Video Creator" description="UGC-style video ads from a product photo." />;
}
