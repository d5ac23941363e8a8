import { Loader2, Plug } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import type { SocialAccount } from '@/domains/social/accounts';
import { platformName, SOCIAL_PLATFORMS, type SocialPlatform } from '@/domains/social/platforms';
import { useConnect } from '@/domains/social/use-connect';
import { cn } from '@/lib/utils';

export function PlatformMark({ platform, className }: { platform: SocialPlatform; className?: string }) {
  const mark = SOCIAL_PLATFORMS.find((p) => p.id === platform)?.mark ?? '?';
  return (
    <span aria-hidden className={cn('inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-primary/10 text-[11px] font-bold text-primary', className)}>
      {mark}
    </span>
  );
}

interface AccountsFieldProps {
  accounts: { isPending: boolean; isError: boolean; data: SocialAccount[] | undefined };
  active: SocialAccount[];
  selected: Set<string>;
  onToggle: (id: string) => void;
  /** Where a platform's consent page sends the user back to. */
  returnPath: string;
}

/** "Post to": the user's active accounts to toggle, connect buttons for the rest, the paused ones named. */
export function AccountsField({ accounts, active, selected, onToggle: toggle, returnPath }: AccountsFieldProps) {
  const paused = (accounts.data ?? []).filter((a) => !a.is_active);
  const unconnected = SOCIAL_PLATFORMS.map((p) => p.id).filter((id) => !(accounts.data ?? []).some((a) => a.platform === id));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">Post to</legend>
      {accounts.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden /> Loading your accounts…
        </p>
      ) : accounts.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Error: Failed to load connected social media accounts
        </p>
      ) : active.length === 0 ? (
        <ConnectPlatforms platforms={SOCIAL_PLATFORMS.map((p) => p.id)} returnPath={returnPath} first />
      ) : (
        <>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {active.map((a) => (
              <AccountToggle key={a.id} account={a} pressed={selected.has(a.id)} onToggle={() => toggle(a.id)} />
            ))}
          </div>
          {unconnected.length > 0 && <ConnectPlatforms platforms={unconnected} returnPath={returnPath} />}
        </>
      )}
      {paused.length > 0 && (
        <p className="text-xs text-muted-foreground">
          {paused.map((a) => platformName(a.platform)).join(', ')} need{paused.length === 1 ? 's' : ''} reconnecting:{' '}
          <Link to="/settings?tab=accounts" className="underline underline-offset-2">
            Settings → Connected accounts
          </Link>
        </p>
      )}
    </fieldset>
  );
}

function AccountToggle({ account, pressed, onToggle }: { account: SocialAccount; pressed: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={`${platformName(account.platform)} @${account.username}`}
      onClick={onToggle}
      className={cn(
        'flex items-center gap-3 rounded-lg border p-2.5 text-left text-sm outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50',
        pressed ? 'border-primary bg-primary/5' : 'hover:bg-muted',
      )}
    >
      <PlatformMark platform={account.platform} />
      <span className="min-w-0 flex-1">
        <span className="block font-medium">{platformName(account.platform)}</span>
        <span className="block truncate text-xs text-muted-foreground">@{account.username}</span>
      </span>
      <span aria-hidden className={cn('size-4 rounded-full border-2', pressed ? 'border-primary bg-primary' : 'border-muted-foreground/40')} />
    </button>
  );
}

/** Connect buttons for the platforms without an account; the platform sends the user back to this page. */
function ConnectPlatforms({ platforms, returnPath, first = false }: { platforms: SocialPlatform[]; returnPath: string; first?: boolean }) {
  const { opening, connect } = useConnect(returnPath);
  return (
    <div className={cn('flex flex-col gap-2', first && 'gap-3 rounded-lg border border-dashed p-4')}>
      <p className={cn(first ? 'text-sm' : 'text-xs text-muted-foreground')}>
        {first ? "No connected accounts yet. Connect one to post; you approve it on the platform's own page." : 'Add another:'}
      </p>
      <div className="flex flex-wrap gap-2">
        {platforms.map((id) => (
          <Button key={id} variant="outline" size="sm" disabled={opening !== null} onClick={() => void connect(id)}>
            {opening === id ? <Loader2 className="animate-spin" aria-hidden /> : <Plug aria-hidden />} Connect {platformName(id)}
          </Button>
        ))}
      </div>
    </div>
  );
}
