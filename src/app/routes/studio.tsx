import { ComingSoon } from '@/components/layout/coming-soon';
import { PageShell } from '@/components/layout/page-shell';

export default function StudioRoute() {
  return (
    <PageShell>
      <ComingSoon title="Video Studio" description="Edit and render your video ads." />
    </PageShell>
  );
}
