import { ComingSoon } from '@/components/layout/coming-soon';
import { PageShell } from '@/components/layout/page-shell';

export default function TestOauthRoute() {
  return (
    <PageShell>
      <ComingSoon title="OAuth test" description="Try the social sign-in round trip." />
    </PageShell>
  );
}
