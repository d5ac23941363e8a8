import { Menu, PanelLeft } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { RouteErrorBoundary } from '@/components/errors/route-error-boundary';
import { BrandLogo } from '@/components/layout/brand-logo';
import { RouteFallback } from '@/components/layout/route-fallback';
import { ThemeToggle } from '@/components/theme-toggle';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { DashboardSidebar } from './dashboard-sidebar';

/**
 * The signed-in shell: an 18rem sidebar open by default on desktop, collapsible; on mobile a
 * top bar with the product title, tagline and a menu toggle, the sidebar as a drawer over a dark
 * overlay that closes it.
 */
export function DashboardLayout() {
  const [desktopOpen, setDesktopOpen] = useState(true);
  const [mobileOpen, setMobileOpen] = useState(false);

  return (
    <div className="flex min-h-dvh bg-background">
      <aside
        aria-label="Sidebar"
        className={cn('sticky top-0 hidden h-dvh w-sidebar shrink-0 border-r border-sidebar-border bg-sidebar transition-[margin] duration-200 lg:block', !desktopOpen && '-ml-[18rem]')}
      >
        <DashboardSidebar />
      </aside>

      {mobileOpen && (
        <div className="fixed inset-0 z-50 lg:hidden">
          <button type="button" aria-label="Close menu" className="absolute inset-0 bg-black/60" onClick={() => setMobileOpen(false)} />
          <aside aria-label="Sidebar" className="absolute inset-y-0 left-0 w-sidebar max-w-[85vw] border-r border-sidebar-border bg-sidebar shadow-xl animate-in slide-in-from-left">
            <DashboardSidebar onNavigate={() => setMobileOpen(false)} />
          </aside>
        </div>
      )}

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center justify-between gap-3 border-b bg-background/80 px-4 backdrop-blur-md">
          <div className="flex items-center gap-2">
            <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open menu" onClick={() => setMobileOpen(true)}>
              <Menu className="size-5" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="hidden lg:inline-flex"
              aria-label={desktopOpen ? 'Collapse sidebar' : 'Expand sidebar'}
              aria-expanded={desktopOpen}
              onClick={() => setDesktopOpen((v) => !v)}
            >
              <PanelLeft className="size-5" />
            </Button>
            <BrandLogo withTagline className="lg:hidden" />
          </div>
          <ThemeToggle />
        </header>
        <main className="flex-1 px-4 py-6 sm:px-6 lg:px-8">
          <RouteErrorBoundary>
            <Suspense fallback={<RouteFallback />}>
              <Outlet />
            </Suspense>
          </RouteErrorBoundary>
        </main>
      </div>
    </div>
  );
}
