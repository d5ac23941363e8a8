import { PerfectPage } from '@/features/ugc/components/perfect-page';

export default function PerfectRoute() {
  return <PerfectPage />;
}
