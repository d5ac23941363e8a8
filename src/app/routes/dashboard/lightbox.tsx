import { LightboxStudioPage } from '@/features/lightbox/components/lightbox-studio-page';

export default function DashboardLightboxRoute() {
  return <LightboxStudioPage />;
}
