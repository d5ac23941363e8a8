import { DashboardLayout } from '@/features/dashboard/components/dashboard-layout';

export default function DashboardLayoutRoute() {
  return <DashboardLayout />;
}
