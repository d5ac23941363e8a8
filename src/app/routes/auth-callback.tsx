import { ComingSoon } from '@/components/layout/coming-soon';
import { PageShell } from '@/components/layout/page-shell';

export default function AuthCallbackRoute() {
  return (
    <PageShell>
      <ComingSoon title="Signing you in" description="Completing sign-in with your provider." />
    </PageShell>
  );
}
