import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';
import { QueryHolderContext } from './query-holder';
import { createQueryClient } from './query-client';

/** The client of an enclosing provider, if there is one (useQueryClient throws when there is none). */
function useEnclosingClient(): QueryClient | null {
  try {
    return useQueryClient();
  } catch {
    return null;
  }
}

/**
 * Gives what is below it the app's one data cache: the enclosing provider's, or the app
 * instance's (created here on first use, kept in AppProviders' holder so every screen of that
 * instance shares it). Screens get it from the router; lazily loaded sections of the landing page
 * (pricing, examples) wrap themselves.
 */
export function QueryScope({ children }: { children: ReactNode }) {
  const enclosing = useEnclosingClient();
  const holder = useContext(QueryHolderContext);
  if (enclosing) return children;
  holder.client ??= createQueryClient();
  return <QueryClientProvider client={holder.client as QueryClient}>{children}</QueryClientProvider>;
}
