import { CreatePage } from '@/features/ugc/components/create-page';

export default function CreateRoute() {
  return <CreatePage />;
}
