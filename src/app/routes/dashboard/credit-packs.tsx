import { ComingSoon } from '@/components/layout/coming-soon';

export default function DashboardCreditPacksRoute() {
  return <ComingSoon title="Credit Packs" description="Top up your credits or change plan." />;
}
