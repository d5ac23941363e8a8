import { createContext, useContext } from 'react';
import type { CreditSummary, Studio, StudioPrice } from './types';

export interface CreditsContextValue {
  /** undefined while loading; null when the summary could not be read (docs/spec.md §8: a null summary). */
  summary: CreditSummary | null | undefined;
  prices: readonly StudioPrice[] | undefined;
  isLoading: boolean;
  /** The preset's price from studio_prices, or undefined for an unknown studio. */
  priceOf: (studio: Studio, preset?: string) => number | undefined;
  /** Whether the balance and the summary's flag allow a run (the server decides for real). */
  canGenerate: (studio: Studio, preset?: string) => boolean;
  /** Refetch the summary now. */
  refresh: () => Promise<void>;
}

export const CreditsContext = createContext<CreditsContextValue | undefined>(undefined);

/** The signed-in user's credits, prices and gating, from the nearest CreditProvider. */
export function useCredits(): CreditsContextValue {
  const value = useContext(CreditsContext);
  if (!value) throw new Error('useCredits must be used within a CreditProvider');
  return value;
}
