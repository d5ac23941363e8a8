import { ComingSoon } from '@/components/layout/coming-soon';

export default function DashboardLightboxRoute() {
  return <ComingSoon title="Lightbox Studio" description="Catalog and studio product photos on clean backgrounds." />;
}
