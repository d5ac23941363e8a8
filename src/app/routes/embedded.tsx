import { ComingSoon } from '@/components/layout/coming-soon';
import { PageShell } from '@/components/layout/page-shell';

export default function EmbeddedRoute() {
  return (
    <PageShell>
      <ComingSoon title="Embedded video form" description="A compact video form for embedding." />
    </PageShell>
  );
}
