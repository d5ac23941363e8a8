import { ComingSoon } from '@/components/layout/coming-soon';

export default function DashboardHomeRoute() {
  return <ComingSoon title="Dashboard" description="Your generation overview, credits and studios." />;
}
