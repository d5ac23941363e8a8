import { StudioPage } from '@/features/ugc/components/studio-page';

export default function StudioRoute() {
  return <StudioPage />;
}
