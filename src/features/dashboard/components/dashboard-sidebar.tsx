import { NavLink } from 'react-router-dom';
import { BrandLogo } from '@/components/layout/brand-logo';
import { NAV_ACCOUNT, NAV_MAIN, NAV_STUDIOS, type NavItem } from '../nav-items';
import { AccountNavLink } from './account-nav-link';
import { navLinkClass } from './nav-link-class';
import { StudioNavLink } from './studio-nav-link';

function GroupTitle({ children }: { children: string }) {
  return <p className="px-3 pt-5 pb-1.5 text-[11px] font-semibold tracking-wider text-muted-foreground uppercase">{children}</p>;
}

function MainLink({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  const { label, to, icon: Icon, end } = item;
  return (
    <NavLink to={to} end={end} onClick={onNavigate} className={({ isActive }) => navLinkClass(isActive)}>
      <Icon className="size-4 shrink-0" aria-hidden />
      <span className="truncate">{label}</span>
    </NavLink>
  );
}

/** Home, Dashboard, the studios with their price and tier, and the account pages. */
export function DashboardSidebar({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <div className="flex h-full flex-col gap-2 overflow-y-auto p-3">
      <div className="px-2 py-3">
        <BrandLogo withTagline />
      </div>
      <nav aria-label="Dashboard" className="flex flex-col gap-0.5">
        {NAV_MAIN.map((item) => (
          <MainLink key={item.to} item={item} onNavigate={onNavigate} />
        ))}
        <GroupTitle>Studio Features</GroupTitle>
        {NAV_STUDIOS.map((item) => (
          <StudioNavLink key={item.to} item={item} onNavigate={onNavigate} />
        ))}
        <GroupTitle>Account</GroupTitle>
        {NAV_ACCOUNT.map((item) => (
          <AccountNavLink key={item.to} item={item} onNavigate={onNavigate} />
        ))}
      </nav>
    </div>
  );
}
