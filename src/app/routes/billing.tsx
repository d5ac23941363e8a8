import { ComingSoon } from '@/components/layout/coming-soon';
import { PageShell } from '@/components/layout/page-shell';

export default function BillingRoute() {
  return (
    <PageShell>
      <ComingSoon title="Billing" description="Your plan, invoices and payment method." />
    </PageShell>
  );
}
