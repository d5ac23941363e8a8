import { Menu, PanelLeft } from 'lucide-react';
import { BrandLogo } from '@/components/layout/brand-logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { Button } from '@/components/ui/button';
import { CreditBadge } from './credit-badge';
import { UserMenu } from './user-menu';

interface DashboardHeaderProps {
  email: string | undefined;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  onOpenMobileMenu: () => void;
}

/** Sidebar toggles, (on mobile) the product title and tagline, the credit badge, theme and avatar menu. */
export function DashboardHeader({ email, sidebarOpen, onToggleSidebar, onOpenMobileMenu }: DashboardHeaderProps) {
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center justify-between gap-2 border-b bg-background/80 px-3 backdrop-blur-md sm:px-4">
      <div className="flex min-w-0 items-center gap-1.5">
        <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open menu" onClick={onOpenMobileMenu}>
          <Menu className="size-5" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="hidden lg:inline-flex"
          aria-label={sidebarOpen ? 'Collapse sidebar' : 'Expand sidebar'}
          aria-expanded={sidebarOpen}
          aria-controls="dashboard-sidebar"
          onClick={onToggleSidebar}
        >
          <PanelLeft className="size-5" />
        </Button>
        <BrandLogo withTagline taglineClassName="max-sm:hidden" className="min-w-0 whitespace-nowrap lg:hidden" />
      </div>
      <div className="flex shrink-0 items-center gap-1 sm:gap-2">
        {email !== undefined && <CreditBadge />}
        <ThemeToggle />
        {email !== undefined && <UserMenu email={email} />}
      </div>
    </header>
  );
}
