import { ComingSoon } from '@/components/layout/coming-soon';
import { PageShell } from '@/components/layout/page-shell';

export default function PerfectRoute() {
  return (
    <PageShell>
      <ComingSoon title="Perfect mapping" description="Map your product data to video templates." />
    </PageShell>
  );
}
