import { SharedSpinPage } from '@/features/spin360/components/shared-spin-page';

export default function SharedSpinRoute() {
  return <SharedSpinPage />;
}
