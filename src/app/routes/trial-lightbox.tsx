import { ComingSoon } from '@/components/layout/coming-soon';
import { PageShell } from '@/components/layout/page-shell';

export default function TrialLightboxRoute() {
  return (
    <PageShell>
      <ComingSoon title="Trial Lightbox Studio" description="Try a studio-quality catalog photo for free." />
    </PageShell>
  );
}
