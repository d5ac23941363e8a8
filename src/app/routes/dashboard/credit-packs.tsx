import { CreditPacksPage } from '@/features/billing/components/credit-packs-page';

export default function DashboardCreditPacksRoute() {
  return <CreditPacksPage />;
}
