import type { Dispatch, SetStateAction } from 'react';
import { Link } from 'react-router-dom';
import { Checkbox } from '@/components/ui/checkbox';
import { paths } from '@/config/paths';
import type { SocialAccount } from '@/domains/social/accounts';
import { platformName } from '@/domains/social/platforms';

interface Props {
  /** The connected accounts that are not paused. */
  active: SocialAccount[];
  loading: boolean;
  loaded: boolean;
  chosen: string[];
  onChosen: Dispatch<SetStateAction<string[]>>;
}

/** "Post to": a checkbox for each active connected account, or where to connect one. */
export function PlanWeekAccounts({ active, loading, loaded, chosen, onChosen }: Props) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">Post to</legend>
      {loading && <p className="text-sm text-muted-foreground">Loading your accounts...</p>}
      {loaded && active.length === 0 && (
        <p className="text-sm text-muted-foreground">
          No connected accounts yet. <Link className="font-medium text-primary underline" to={paths.settingsTab('accounts')}>Connect one in Settings</Link>.
        </p>
      )}
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {active.map((a) => (
          <label key={a.id} className="flex items-center gap-2 text-sm">
            <Checkbox checked={chosen.includes(a.id)} onCheckedChange={(on) => onChosen((list) => (on ? [...list, a.id] : list.filter((id) => id !== a.id)))} />
            {platformName(a.platform)} <span className="text-muted-foreground">@{a.username}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
