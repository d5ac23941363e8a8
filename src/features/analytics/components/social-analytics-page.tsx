import { BarChart3, Lock } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { includesSocialAnalytics } from '@/domains/credits/plans';
import { useCredits } from '@/domains/credits/use-credits';
import { Analytics } from './analytics';

/**
 * /dashboard/social-analytics (Pro+): how the user's posts do across platforms — headline totals
 * with the change against the previous period, a daily trend, top posts and every post's figures,
 * for a date range and platform, with when the figures were last synced, Sync now, and CSV.
 */
export function SocialAnalyticsPage() {
  const { summary } = useCredits();
  const allowed = summary ? includesSocialAnalytics(summary.subscription_plan) : undefined;
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
          <BarChart3 className="size-6 text-primary" aria-hidden /> Social Analytics
        </h1>
        <p className="text-muted-foreground">Impressions, likes, comments and shares of your posts across platforms.</p>
      </header>
      {allowed === undefined ? (
        <p role="status" className="py-16 text-center text-muted-foreground">
          Loading...
        </p>
      ) : allowed ? (
        <Analytics />
      ) : (
        <Upgrade />
      )}
    </div>
  );
}

/** What a plan without Social Analytics sees instead. */
function Upgrade() {
  return (
    <Alert className="max-w-2xl border-primary/30 bg-primary/5">
      <Lock aria-hidden />
      <AlertTitle>Upgrade to Professional</AlertTitle>
      <AlertDescription>
        <p>Social Analytics is a Pro+ feature. Upgrade to the Professional plan to unlock it.</p>
        <Link to={paths.billing} className="font-medium text-primary underline-offset-4 hover:underline">
          See plans
        </Link>
      </AlertDescription>
    </Alert>
  );
}
