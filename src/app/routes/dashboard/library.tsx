import { ComingSoon } from '@/components/layout/coming-soon';

export default function DashboardLibraryRoute() {
  return <ComingSoon title="Content Library" description="Your generated content, organized by type." />;
}
