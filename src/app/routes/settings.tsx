import { ComingSoon } from '@/components/layout/coming-soon';
import { PageShell } from '@/components/layout/page-shell';

export default function SettingsRoute() {
  return (
    <PageShell>
      <ComingSoon title="Settings" description="Your profile, webhooks and how Shotcraft works." />
    </PageShell>
  );
}
