import { ComingSoon } from '@/components/layout/coming-soon';
import { PageShell } from '@/components/layout/page-shell';

export default function LoginRoute() {
  return (
    <PageShell>
      <ComingSoon title="Sign in" description="Sign in to your Shotcraft studio with e-mail or Google." />
    </PageShell>
  );
}
