import { QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from 'next-themes';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { AppErrorBoundary } from '@/components/errors/app-error-boundary';
import { Toaster } from '@/components/ui/sonner';
import { hasAuthFragment } from '@/lib/auth/auth-fragment';
import { createQueryClient } from '@/lib/query-client';

export const THEME_STORAGE_KEY = 'shotcraft-theme';

// Its own chunk (with supabase-js), fetched only when the page was opened with an auth fragment.
const AuthFragmentHandler = lazy(() => import('@/features/auth/components/auth-fragment-handler'));

/**
 * Everything every screen can rely on: theme, data cache, toasts, a last error boundary.
 * Radix's TooltipProvider (700 ms / 300 ms) is mounted by the shells that show tooltips (the
 * dashboard), not here: it pulls ~15 KB of popper code that the landing page never uses.
 * next-themes runs without `disableTransitionOnChange`: that option re-styles the whole page three
 * times whenever the theme is applied, on first load too (the largest main-thread task of `/`).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [authFragment] = useState(() => typeof window !== 'undefined' && hasAuthFragment(window.location.hash));
  return (
    <AppErrorBoundary>
      <ThemeProvider attribute="class" defaultTheme="system" enableSystem storageKey={THEME_STORAGE_KEY}>
        <QueryClientProvider client={queryClient}>
          <>
            {children}
            <Toaster />
            {authFragment && (
              <Suspense fallback={null}>
                <AuthFragmentHandler />
              </Suspense>
            )}
          </>
        </QueryClientProvider>
      </ThemeProvider>
    </AppErrorBoundary>
  );
}
