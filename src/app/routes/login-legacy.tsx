import { ComingSoon } from '@/components/layout/coming-soon';
import { PageShell } from '@/components/layout/page-shell';

export default function LoginLegacyRoute() {
  return (
    <PageShell>
      <ComingSoon title="Sign in" description="The classic sign-in screen." />
    </PageShell>
  );
}
