import { ComingSoon } from '@/components/layout/coming-soon';
import { PageShell } from '@/components/layout/page-shell';

export default function ResetPasswordRoute() {
  return (
    <PageShell>
      <ComingSoon title="Choose a new password" description="Set a new password for your account." />
    </PageShell>
  );
}
