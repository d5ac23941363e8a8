import { ComingSoon } from '@/components/layout/coming-soon';

export default function DashboardSocialAnalyticsRoute() {
  return <ComingSoon title="Social Analytics" description="Views, likes, comments and shares across platforms." />;
}
