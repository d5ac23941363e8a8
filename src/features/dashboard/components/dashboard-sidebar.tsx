import { NavLink } from 'react-router-dom';
import { BrandLogo } from '@/components/layout/brand-logo';
import { cn } from '@/lib/utils';
import { NAV_ACCOUNT, NAV_MAIN, NAV_STUDIOS, type NavItem } from '../nav-items';

function NavGroup({ title, items, onNavigate }: { title?: string; items: NavItem[]; onNavigate?: () => void }) {
  return (
    <div className="flex flex-col gap-1">
      {title && <p className="px-3 pt-4 pb-1 text-[11px] font-semibold tracking-wider text-muted-foreground uppercase">{title}</p>}
      {items.map(({ label, to, icon: Icon, end }) => (
        <NavLink
          key={to}
          to={to}
          end={end}
          onClick={onNavigate}
          className={({ isActive }) =>
            cn(
              'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-sidebar-foreground/80 transition-colors hover:bg-sidebar-accent hover:text-sidebar-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
              isActive && 'bg-sidebar-accent text-sidebar-foreground',
            )
          }
        >
          <Icon className="size-4 shrink-0" aria-hidden />
          <span className="truncate">{label}</span>
        </NavLink>
      ))}
    </div>
  );
}

export function DashboardSidebar({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <div className="flex h-full flex-col gap-2 overflow-y-auto p-3">
      <div className="px-2 py-3">
        <BrandLogo withTagline />
      </div>
      <nav aria-label="Dashboard" className="flex flex-col">
        <NavGroup items={NAV_MAIN} onNavigate={onNavigate} />
        <NavGroup title="Studio Features" items={NAV_STUDIOS} onNavigate={onNavigate} />
        <NavGroup title="Account" items={NAV_ACCOUNT} onNavigate={onNavigate} />
      </nav>
    </div>
  );
}
