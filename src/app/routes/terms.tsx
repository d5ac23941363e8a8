import { PageShell } from '@/components/layout/page-shell';
import { TermsPage } from '@/features/landing/components/legal/terms-page';

export default function TermsRoute() {
  return (
    <PageShell>
      <TermsPage />
    </PageShell>
  );
}
