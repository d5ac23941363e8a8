import { ComingSoon } from '@/components/layout/coming-soon';
import { PageShell } from '@/components/layout/page-shell';

export default function SignupRoute() {
  return (
    <PageShell>
      <ComingSoon title="Create your account" description="Start with 5 free credits — no credit card required." />
    </PageShell>
  );
}
