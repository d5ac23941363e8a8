import { ComingSoon } from '@/components/layout/coming-soon';
import { PageShell } from '@/components/layout/page-shell';

export default function PrivacyRoute() {
  return (
    <PageShell>
      <ComingSoon title="Privacy Policy" description="How Shotcraft handles your data and your media." />
    </PageShell>
  );
}
