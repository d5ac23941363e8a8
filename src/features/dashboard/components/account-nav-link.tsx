import { Lock } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';
import { useCredits } from '@/domains/credits/use-credits';
import { cn } from '@/lib/utils';
import type { AccountNavItem } from '../nav-items';
import { navLinkClass } from './nav-link-class';

/**
 * An account entry. A Pro+ entry is locked for lower plans: a lock instead of a link, and a click
 * shows the alert naming the plan to upgrade to (the server refuses the data as well).
 */
export function AccountNavLink({ item, onNavigate }: { item: AccountNavItem; onNavigate?: () => void }) {
  const { label, to, icon: Icon, requires } = item;
  const { summary } = useCredits();
  const [alertOpen, setAlertOpen] = useState(false);
  const alertId = useId();
  const markerId = useId();
  // While the plan is still loading, show the entry as a link rather than flash a lock.
  const locked = requires !== undefined && summary !== undefined && !(summary && requires.allows(summary.subscription_plan));

  // The tier badge describes the entry rather than naming it: the name stays what the link says
  // ('Social Analytics'), so voice control and the visible words agree.
  const marker = requires && (
    <Badge id={markerId} aria-hidden variant={locked ? 'secondary' : 'default'} className="ml-auto px-1.5 py-0 text-[10px]">
      {requires.badge}
    </Badge>
  );
  const describedBy = requires ? markerId : undefined;

  if (!locked || !requires) {
    return (
      <NavLink to={to} onClick={onNavigate} aria-describedby={describedBy} className={({ isActive }) => navLinkClass(isActive)}>
        <Icon className="size-4 shrink-0" aria-hidden />
        <span className="truncate">{label}</span>
        {marker}
      </NavLink>
    );
  }

  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        aria-describedby={describedBy}
        aria-expanded={alertOpen}
        aria-controls={alertId}
        onClick={() => setAlertOpen((open) => !open)}
        className={cn(navLinkClass(false), 'w-full text-left text-sidebar-foreground/75')}
      >
        <Icon className="size-4 shrink-0" aria-hidden />
        <span className="truncate">
          {label} <span className="sr-only">(locked)</span>
        </span>
        <Lock className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
        {marker}
      </button>
      <div id={alertId}>
        {alertOpen && (
          <Alert className="mx-1 mb-1 w-auto border-primary/30 bg-primary/5">
            <Lock aria-hidden />
            <AlertTitle>Upgrade to {requires.upgradeTo}</AlertTitle>
            <AlertDescription>
              <p>
                {label} is a {requires.badge} feature. Upgrade to the {requires.upgradeTo} plan to unlock it.
              </p>
              <Link to={paths.billing} onClick={onNavigate} className="font-medium text-primary underline-offset-4 hover:underline">
                See plans
              </Link>
            </AlertDescription>
          </Alert>
        )}
      </div>
    </div>
  );
}
