import { RefineStudioPage } from '@/features/refine/components/refine-studio-page';

export default function DashboardRefineImageRoute() {
  return <RefineStudioPage />;
}
