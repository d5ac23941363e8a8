import { type Dispatch, type SetStateAction, useId } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { BEST_TIMES } from '@/domains/social/campaigns';
import { platformName, type SocialPlatform } from '@/domains/social/platforms';
import { dayKey } from '../lib/dates';

interface Props {
  start: string;
  onStart: (start: string) => void;
  days: number;
  onDays: (days: number) => void;
  gapHours: number;
  onGapHours: (hours: number) => void;
  /** The chosen accounts' platforms, each with its posting times. */
  platforms: SocialPlatform[];
  times: Partial<Record<SocialPlatform, string>>;
  onTimes: Dispatch<SetStateAction<Partial<Record<SocialPlatform, string>>>>;
}

/** When: the first day, how many days, the least gap, and each platform's posting times (its best hours by default). */
export function PlanWeekTiming({ start, onStart, days, onDays, gapHours, onGapHours, platforms, times, onTimes }: Props) {
  const ids = { start: useId(), days: useId(), gap: useId() };
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.start}>First day</Label>
          <Input id={ids.start} type="date" value={start} min={dayKey(new Date())} onChange={(e) => onStart(e.target.value)} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.days}>Days</Label>
          <Input id={ids.days} type="number" min={1} max={31} value={days} onChange={(e) => onDays(Number(e.target.value) || 1)} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.gap}>Least gap between posts on one platform (hours)</Label>
          <Input id={ids.gap} type="number" min={0} max={168} step={0.5} value={gapHours} onChange={(e) => onGapHours(Number(e.target.value) || 0)} />
        </div>
      </div>
      {platforms.length > 0 && (
        <div className="grid gap-4 sm:grid-cols-2">
          {platforms.map((p) => (
            <div key={p} className="flex flex-col gap-1.5">
              <Label htmlFor={`times-${p}`}>{platformName(p)} posting times</Label>
              <Input id={`times-${p}`} value={times[p] ?? BEST_TIMES[p].join(', ')} onChange={(e) => onTimes((t) => ({ ...t, [p]: e.target.value }))} placeholder="11:00, 19:00" />
            </div>
          ))}
        </div>
      )}
    </>
  );
}
