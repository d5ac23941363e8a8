import { SocialAnalyticsPage } from '@/features/analytics/components/social-analytics-page';

export default function DashboardSocialAnalyticsRoute() {
  return <SocialAnalyticsPage />;
}
