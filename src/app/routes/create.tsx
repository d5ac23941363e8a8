import { ComingSoon } from '@/components/layout/coming-soon';
import { PageShell } from '@/components/layout/page-shell';

export default function CreateRoute() {
  return (
    <PageShell>
      <ComingSoon title="Create a video" description="Describe your product and get a video ad." />
    </PageShell>
  );
}
