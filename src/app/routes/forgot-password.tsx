import { ComingSoon } from '@/components/layout/coming-soon';
import { PageShell } from '@/components/layout/page-shell';

export default function ForgotPasswordRoute() {
  return (
    <PageShell>
      <ComingSoon title="Forgot password" description="We will e-mail you a link to reset your password." />
    </PageShell>
  );
}
