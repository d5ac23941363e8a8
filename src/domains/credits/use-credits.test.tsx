import { renderHook } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { useCredits } from './use-credits';

it('throws the guard error when used outside a CreditProvider', () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  expect(() => renderHook(() => useCredits())).toThrow('useCredits must be used within a CreditProvider');
  vi.restoreAllMocks();
});
