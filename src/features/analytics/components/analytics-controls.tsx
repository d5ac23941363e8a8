import { Loader2, RefreshCw } from 'lucide-react';
import type { Dispatch, SetStateAction } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { OptionSelect } from '@/components/ui/option-select';
import { toAppError } from '@/lib/errors';
import { countOf } from '@/lib/format';
import { formatRelativeTime } from '@/lib/relative-time';
import { platformName, SOCIAL_PLATFORMS, type SocialPlatform } from '@/domains/social/platforms';
import { type Range, useSyncAnalytics } from '../api';
import { isoDay } from '../lib';

const RANGES = [
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
  { value: 'custom', label: 'Custom range' },
] as const;
const PLATFORM_OPTIONS = [{ value: 'all', label: 'All platforms' }, ...SOCIAL_PLATFORMS.map((p) => ({ value: p.id, label: p.name }))];

interface Props {
  preset: string;
  onPreset: (preset: string) => void;
  custom: Range;
  onCustom: Dispatch<SetStateAction<Range>>;
  platform: SocialPlatform | null;
  onPlatform: (platform: SocialPlatform | null) => void;
  lastSynced: string | undefined;
}

/** The period (a preset or from–to), the platform, when the figures were last synced, and Sync now. */
export function AnalyticsControls({ preset, onPreset, custom, onCustom, platform, onPlatform, lastSynced }: Props) {
  const sync = useSyncAnalytics({
    onSuccess: (outcome) => {
      const failed = outcome.accounts.filter((a) => a.status === 'failed');
      if (outcome.accounts.length === 0) toast.info('No connected accounts to sync.');
      else if (failed.length === 0) toast.success(`Synced ${countOf(outcome.accounts.length, 'account', 'accounts')}`);
      else toast.error(`${failed.map((a) => platformName(a.platform)).join(', ')} could not be synced`, { description: failed[0]!.error });
    },
    onError: (error) => toast.error(toAppError(error).message),
  });

  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="analytics-range">Period</Label>
        <OptionSelect id="analytics-range" value={preset} onValueChange={onPreset} options={RANGES} placeholder="Period" className="w-44" />
      </div>
      {preset === 'custom' && (
        <>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="analytics-from">From</Label>
            <Input id="analytics-from" type="date" value={custom.from} max={custom.to} onChange={(e) => onCustom((c) => ({ ...c, from: e.target.value }))} className="w-40" />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="analytics-to">To</Label>
            <Input id="analytics-to" type="date" value={custom.to} min={custom.from} max={isoDay(new Date())} onChange={(e) => onCustom((c) => ({ ...c, to: e.target.value }))} className="w-40" />
          </div>
        </>
      )}
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="analytics-platform">Platform</Label>
        <OptionSelect id="analytics-platform" value={platform ?? 'all'} onValueChange={(v) => onPlatform(v === 'all' ? null : (v as SocialPlatform))} options={PLATFORM_OPTIONS} placeholder="Platform" className="w-44" />
      </div>
      <div className="ml-auto flex flex-wrap items-center gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {lastSynced ? `Last synced ${formatRelativeTime(new Date(lastSynced), new Date())}` : 'Not synced yet'}
        </p>
        <Button variant="outline" onClick={() => sync.mutate()} disabled={sync.isPending}>
          {sync.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <RefreshCw aria-hidden />} Sync now
        </Button>
      </div>
    </div>
  );
}
