import { BinderPage } from '@/features/carousel/components/binder-page';

export default function BinderRoute() {
  return <BinderPage />;
}
