import { createContext } from 'react';

/**
 * Where an app instance keeps its data cache once something needs it. The landing page reads no
 * data before its pricing and examples come near, so the cache (TanStack Query, ~11 KB gzip) is not
 * part of what `/` loads: AppProviders hands down an empty holder, and the first QueryScope
 * (`query-scope.tsx`, loaded with the screens and sections that read data) fills it, once.
 * Deliberately free of imports from @tanstack/react-query.
 */
export interface QueryHolder {
  client?: unknown;
}

export const QueryHolderContext = createContext<QueryHolder>({});
