import { UgcStudioPage } from '@/features/ugc/components/ugc-studio-page';

export default function DashboardUgcStudioRoute() {
  return <UgcStudioPage />;
}
