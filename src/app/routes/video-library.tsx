import { ComingSoon } from '@/components/layout/coming-soon';
import { PageShell } from '@/components/layout/page-shell';

export default function VideoLibraryRoute() {
  return (
    <PageShell>
      <ComingSoon title="Video Library" description="All your rendered videos." />
    </PageShell>
  );
}
