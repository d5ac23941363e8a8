import { ComingSoon } from '@/components/layout/coming-soon';
import { PageShell } from '@/components/layout/page-shell';

export default function TermsRoute() {
  return (
    <PageShell>
      <ComingSoon title="Terms of Service" description="The terms that apply to your use of Shotcraft." />
    </PageShell>
  );
}
