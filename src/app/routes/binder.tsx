import { ComingSoon } from '@/components/layout/coming-soon';
import { PageShell } from '@/components/layout/page-shell';

export default function BinderRoute() {
  return (
    <PageShell>
      <ComingSoon title="Demo" description="A guided demo of Shotcraft." />
    </PageShell>
  );
}
