import { ContentLibrary } from '@/features/library/components/content-library';

export default function DashboardLibraryRoute() {
  return <ContentLibrary />;
}
