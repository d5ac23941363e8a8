import { lazy, Suspense, useState, type ReactNode } from 'react';
import { AppErrorBoundary } from '@/components/errors/app-error-boundary';
import { hasAuthFragment } from '@/lib/auth/auth-fragment';
import { QueryHolderContext, type QueryHolder } from '@/lib/query-holder';
import { ThemeProvider } from '@/lib/theme';

// Its own chunk (with supabase-js), fetched only when the page was opened with an auth fragment.
const AuthFragmentHandler = lazy(() => import('@/features/auth/components/auth-fragment-handler'));

/**
 * Everything every screen can rely on: theme, a place for the data cache, a last error boundary.
 * The cache itself (lib/query-scope.tsx) and the toaster (in the router) load with the first
 * screen or section that needs them, so the landing page downloads neither.
 * Radix's TooltipProvider (700 ms / 300 ms) is mounted by the shells that show tooltips (the
 * dashboard), not here: it pulls ~15 KB of popper code that the landing page never uses.
 * The theme (lib/theme.tsx) is applied before the first paint by index.html's inline script; the
 * provider only follows changes, without re-styling the page on load.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryHolder] = useState<QueryHolder>(() => ({}));
  const [authFragment] = useState(() => typeof window !== 'undefined' && hasAuthFragment(window.location.hash));
  return (
    <AppErrorBoundary>
      <ThemeProvider>
        <QueryHolderContext value={queryHolder}>
          {children}
          {authFragment && (
            <Suspense fallback={null}>
              <AuthFragmentHandler />
            </Suspense>
          )}
        </QueryHolderContext>
      </ThemeProvider>
    </AppErrorBoundary>
  );
}
