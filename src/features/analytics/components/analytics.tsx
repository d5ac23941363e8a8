import { Plug } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toAppError } from '@/lib/errors';
import { platformName, type SocialPlatform } from '@/domains/social/platforms';
import { useReport } from '../api';
import { lastDays } from '../lib';
import { AnalyticsControls } from './analytics-controls';
import { Dashboard } from './dashboard';
import { HEADLINES } from './figures';
import { LoadError } from '@/components/errors/load-error';

/** The period and platform chosen, and the report for them: loading, failed, no accounts, or the dashboard. */
export function Analytics() {
  const [preset, setPreset] = useState<string>('30');
  const [custom, setCustom] = useState(() => lastDays(30));
  const [platform, setPlatform] = useState<SocialPlatform | null>(null);
  const range = useMemo(() => (preset === 'custom' ? custom : lastDays(Number(preset))), [preset, custom]);
  const valid = range.from <= range.to;
  const report = useReport(range, platform, valid);

  const data = report.data;
  const lastSynced = data?.accounts.map((a) => a.synced_at).filter((t): t is string => !!t).sort().at(-1);
  const days = Math.round((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000) + 1;

  return (
    <div className="flex flex-col gap-6">
      <AnalyticsControls preset={preset} onPreset={setPreset} custom={custom} onCustom={setCustom} platform={platform} onPlatform={setPlatform} lastSynced={lastSynced} />
      {!valid && (
        <p role="alert" className="text-sm text-destructive">
          The start of the period must come before its end.
        </p>
      )}

      {report.isPending ? (
        <div className="grid gap-4 sm:grid-cols-3" role="status" aria-label="Loading analytics">
          {HEADLINES.map((h) => (
            <Skeleton key={h.metric} className="h-24" />
          ))}
        </div>
      ) : report.isError || !data ? (
        <LoadError stacked onRetry={report.refetch}>
          {toAppError(report.error).message}
        </LoadError>
      ) : data.accounts.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
            <Plug className="size-8 text-muted-foreground" aria-hidden />
            <p className="font-medium">{platform ? `No ${platformName(platform)} account connected` : 'No connected accounts yet'}</p>
            <p className="max-w-md text-sm text-muted-foreground">Connect Instagram, Facebook, X, TikTok or Pinterest, post from any studio, and your figures show up here.</p>
            <Button asChild>
              <Link to="/settings?tab=accounts">Connect an account</Link>
            </Button>
          </CardContent>
        </Card>
      ) : (
        <Dashboard report={data} days={days} range={range} platform={platform} />
      )}
    </div>
  );
}
