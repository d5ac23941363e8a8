import type { ReactNode } from 'react';
import { QueryRouteErrorBoundary } from '@/components/errors/query-route-error-boundary';
import { QueryScope } from '@/lib/query-scope';

/** What every screen that reads data sits in: the app's data cache and an error boundary that resets it. */
export function QueryRoute({ children }: { children: ReactNode }) {
  return (
    <QueryScope>
      <QueryRouteErrorBoundary>{children}</QueryRouteErrorBoundary>
    </QueryScope>
  );
}
