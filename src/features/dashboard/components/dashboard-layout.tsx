import { X } from 'lucide-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { QueryRouteErrorBoundary } from '@/components/errors/query-route-error-boundary';
import { RouteFallback } from '@/components/layout/route-fallback';
import { Button } from '@/components/ui/button';
import { TooltipProvider } from '@/components/ui/tooltip';
import { useAuth } from '@/lib/auth/use-auth';
import { CreditProvider } from '@/domains/credits/credit-provider';
import { useCredits } from '@/domains/credits/use-credits';
import { cn } from '@/lib/utils';
import { useDashboardRealtime } from '../hooks/use-dashboard-realtime';
import { useLowBalanceWarning } from '../hooks/use-low-balance-warning';
import { DashboardHeader } from './dashboard-header';
import { DashboardSidebar } from './dashboard-sidebar';
import { SignInPrompt } from './sign-in-prompt';

function MobileDrawer({ onClose }: { onClose: () => void }) {
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="fixed inset-0 z-50 lg:hidden">
      <button type="button" aria-label="Close menu" className="absolute inset-0 bg-black/60 animate-in fade-in-0" onClick={onClose} />
      <aside ref={panel} aria-label="Sidebar" className="absolute inset-y-0 left-0 w-72 max-w-[85vw] border-r border-sidebar-border bg-sidebar shadow-xl animate-in slide-in-from-left">
        <Button variant="ghost" size="icon" className="absolute top-4 right-3 z-10" aria-label="Close sidebar" onClick={onClose}>
          <X className="size-5" />
        </Button>
        <DashboardSidebar onNavigate={onClose} />
      </aside>
    </div>
  );
}

/**
 * The shell inside the CreditProvider: an 18rem (w-72) sidebar open by default on desktop and
 * collapsible; on mobile a top bar with title, tagline and menu toggle, and the sidebar as a drawer
 * over a dark overlay that closes it. Signed-out visitors get the sign-in prompt instead of the page.
 */
function DashboardShell({ userId, email, status }: { userId?: string; email?: string; status: 'loading' | 'signed-in' | 'signed-out' }) {
  const [desktopOpen, setDesktopOpen] = useState(true);
  const [mobileOpen, setMobileOpen] = useState(false);
  const { summary } = useCredits();
  useDashboardRealtime(userId);
  useLowBalanceWarning(userId, summary);

  return (
    <div className="flex min-h-dvh bg-background">
      <aside
        id="dashboard-sidebar"
        aria-label="Sidebar"
        inert={!desktopOpen}
        className={cn(
          'sticky top-0 hidden h-dvh w-72 shrink-0 border-r border-sidebar-border bg-sidebar transition-[margin] duration-200 ease-out lg:block',
          !desktopOpen && '-ml-72',
        )}
      >
        <DashboardSidebar />
      </aside>

      {mobileOpen && <MobileDrawer onClose={() => setMobileOpen(false)} />}

      <div className="flex min-w-0 flex-1 flex-col">
        <DashboardHeader
          email={status === 'signed-in' ? (email ?? '') : undefined}
          sidebarOpen={desktopOpen}
          onToggleSidebar={() => setDesktopOpen((open) => !open)}
          onOpenMobileMenu={() => setMobileOpen(true)}
        />
        <main className="flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          {status === 'signed-in' ? (
            <QueryRouteErrorBoundary>
              <Suspense fallback={<RouteFallback />}>
                <Outlet />
              </Suspense>
            </QueryRouteErrorBoundary>
          ) : status === 'signed-out' ? (
            <SignInPrompt />
          ) : (
            <p role="status" className="py-24 text-center text-muted-foreground">
              Loading dashboard...
            </p>
          )}
        </main>
      </div>
    </div>
  );
}

export function DashboardLayout() {
  const { status, user } = useAuth();
  const signedIn = status === 'signed-in' && !!user;
  return (
    <TooltipProvider>
      <CreditProvider enabled={signedIn}>
        <DashboardShell status={status} userId={signedIn ? user.id : undefined} email={user?.email} />
      </CreditProvider>
    </TooltipProvider>
  );
}
