import { QueryErrorResetBoundary } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { RouteErrorBoundary } from './route-error-boundary';

/**
 * RouteErrorBoundary for screens that read data: it also catches first-load query errors (they
 * throw, see lib/query-client.ts), and Try Again resets the failed queries so they fetch again.
 */
export function QueryRouteErrorBoundary({ children }: { children: ReactNode }) {
  return <QueryErrorResetBoundary>{({ reset }) => <RouteErrorBoundary onReset={reset}>{children}</RouteErrorBoundary>}</QueryErrorResetBoundary>;
}
