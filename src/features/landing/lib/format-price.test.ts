import { describe, expect, it } from 'vitest';
import { formatMonthlyPrice } from './format-price';

describe('formatMonthlyPrice', () => {
  it('divides cents by 100', () => {
    expect(formatMonthlyPrice(14900)).toBe('$149');
    expect(formatMonthlyPrice(2900)).toBe('$29');
  });

  it('keeps cents when a price has them, and groups thousands', () => {
    expect(formatMonthlyPrice(999)).toBe('$9.99');
    expect(formatMonthlyPrice(129900)).toBe('$1,299');
  });
});
