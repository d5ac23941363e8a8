import { EmbeddedPage } from '@/features/ugc/components/embedded-page';

export default function EmbeddedRoute() {
  return <EmbeddedPage />;
}
