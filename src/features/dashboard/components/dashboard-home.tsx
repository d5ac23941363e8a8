import { useDashboardStats } from '../api/get-dashboard-stats';
import { useGreeting } from '../hooks/use-greeting';
import { CreditsCard } from './credits-card';
import { FeatureOverview } from './feature-overview';
import { GenerationOverview } from './generation-overview';
import { RecentActivity } from './recent-activity';

/** /dashboard: greeting, Generation Overview, Feature Overview, recent activity and credits. */
export function DashboardHome() {
  const stats = useDashboardStats();
  const welcome = useGreeting(stats.data);

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-10">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold sm:text-3xl">{welcome}</h1>
        {stats.isPending ? (
          <p role="status" className="text-muted-foreground">
            Loading dashboard...
          </p>
        ) : (
          <p className="text-muted-foreground">Here&apos;s what&apos;s happening in your studio.</p>
        )}
      </div>
      <GenerationOverview stats={stats.data} />
      <FeatureOverview />
      <div className="grid gap-10 lg:grid-cols-3 lg:gap-6">
        <div className="lg:col-span-2">
          <RecentActivity items={stats.data?.recent_activity} />
        </div>
        <CreditsCard />
      </div>
    </div>
  );
}
