import { SpinStudioPage } from '@/features/spin360/components/spin-studio-page';

export default function DashboardSpin360Route() {
  return <SpinStudioPage />;
}
