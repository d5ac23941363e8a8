import { ComingSoon } from '@/components/layout/coming-soon';

export default function DashboardRefineImageRoute() {
  return <ComingSoon title="Refine Image Studio" description="AI-powered image enhancement and refinement" />;
}
