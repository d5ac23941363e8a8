import { TrialLightboxPage } from '@/features/lightbox/components/trial-lightbox-page';

export default function TrialLightboxRoute() {
  return <TrialLightboxPage />;
}
