import { PageShell } from '@/components/layout/page-shell';
import { PrivacyPage } from '@/features/landing/components/legal/privacy-page';

export default function PrivacyRoute() {
  return (
    <PageShell>
      <PrivacyPage />
    </PageShell>
  );
}
