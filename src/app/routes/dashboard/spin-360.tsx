import { ComingSoon } from '@/components/layout/coming-soon';

export default function DashboardSpin360Route() {
  return <ComingSoon title="360° Videos" description="Turn a set of product photos into a 360° spin." />;
}
