import { AlertTriangle, Loader2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { platformName, type SocialPlatform } from '@/domains/social/platforms';
import type { SocialAccount } from '@/domains/social/accounts';
import { captionLength, type checkPost, textLimit, trimCaption } from '@/domains/social/rules';
import { cn } from '@/lib/utils';
import { PlatformMark } from './share-accounts';

/** The one-click fix offered when the media does not suit a chosen platform: a fitted JPEG copy. */
export function FitOffer({ aspectOff, fit }: { aspectOff: boolean; fit: { isPending: boolean; variables: 'pad' | 'crop' | undefined; mutate: (mode: 'pad' | 'crop') => void } }) {
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-lg border border-dashed p-3 text-sm">
      <span className="flex-1">Make a JPEG version that every chosen platform takes:</span>
      {aspectOff ? (
        <>
          <Button type="button" size="sm" variant="outline" disabled={fit.isPending} onClick={() => fit.mutate('pad')}>
            {fit.isPending && fit.variables === 'pad' && <Loader2 className="animate-spin" aria-hidden />} Fit with margins
          </Button>
          <Button type="button" size="sm" variant="outline" disabled={fit.isPending} onClick={() => fit.mutate('crop')}>
            {fit.isPending && fit.variables === 'crop' && <Loader2 className="animate-spin" aria-hidden />} Crop to fit
          </Button>
        </>
      ) : (
        <Button type="button" size="sm" variant="outline" disabled={fit.isPending} onClick={() => fit.mutate('pad')}>
          {fit.isPending && <Loader2 className="animate-spin" aria-hidden />} Convert to fit
        </Button>
      )}
    </div>
  );
}

export interface ChecksProps {
  platform: SocialPlatform;
  problems: ReturnType<typeof checkPost>;
  override: string | undefined;
  limit: number;
  onTrim: () => void;
  onEdit: (text: string) => void;
  onReset: () => void;
}

/** One platform's problems, its shortened caption when it has one, and the fixes. */
export function PlatformChecks({ platform, problems, override, limit, onTrim, onEdit, onReset }: ChecksProps) {
  const name = platformName(platform);
  const id = useId();
  return (
    <section aria-label={`${name} checks`} className="flex flex-col gap-2 rounded-lg border p-3 text-sm">
      <p className="flex items-center gap-2 font-medium">
        <PlatformMark platform={platform} className="size-6" /> {name}
      </p>
      {problems.length > 0 && (
        <ul className="flex flex-col gap-1.5">
          {problems.map((p) => (
            <li key={p.message} className={cn('flex items-start gap-2', p.severity === 'error' ? 'text-destructive' : 'text-amber-700 dark:text-amber-400')}>
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span className="flex-1">
                <span className="sr-only">{p.severity === 'error' ? 'Problem: ' : 'Note: '}</span>
                {p.message}
              </span>
              {p.fix === 'trim' && (
                <Button type="button" size="sm" variant="outline" onClick={onTrim} className="shrink-0">
                  Shorten for {name}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {override !== undefined && (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={id}>{name} caption</Label>
          <Textarea id={id} rows={3} value={override} onChange={(e) => onEdit(e.target.value)} />
          <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
            <span className="tabular-nums">
              {captionLength(platform, override)}/{limit}
            </span>
            <Button type="button" size="sm" variant="ghost" onClick={onReset}>
              Use the main caption
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}

type Overrides = Partial<Record<SocialPlatform, string>>;

interface ChecksListProps {
  checks: { account: SocialAccount; problems: ReturnType<typeof checkPost> }[];
  /** Each platform's own caption, where the user shortened or edited it for that platform. */
  overrides: Overrides;
  onOverrides: (update: (prev: Overrides) => Overrides) => void;
  captionFor: (platform: SocialPlatform) => string;
  media: 'image' | 'video';
}

/** The checks of every chosen platform that has a problem or its own caption. */
export function PlatformChecksList({ checks, overrides, onOverrides, captionFor, media }: ChecksListProps) {
  return checks
    .filter((c) => c.problems.length > 0 || overrides[c.account.platform] !== undefined)
    .map(({ account, problems }) => (
      <PlatformChecks
        key={account.id}
        platform={account.platform}
        problems={problems}
        override={overrides[account.platform]}
        onTrim={() => onOverrides((o) => ({ ...o, [account.platform]: trimCaption(account.platform, captionFor(account.platform), media) }))}
        onEdit={(text) => onOverrides((o) => ({ ...o, [account.platform]: text }))}
        onReset={() =>
          onOverrides((o) => {
            const next = { ...o };
            delete next[account.platform];
            return next;
          })
        }
        limit={textLimit(account.platform, media)}
      />
    ));
}
