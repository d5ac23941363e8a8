import { describe, expect, it } from 'vitest';
import { formatMonthlyPrice, formatPrice } from './format-price';

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

describe('formatPrice', () => {
  it('shows cents only when there are some', () => {
    expect(formatPrice(1900)).toBe('$19');
    expect(formatPrice(33)).toBe('$0.33');
    expect(formatPrice(123450)).toBe('$1,234.50');
    expect(formatPrice(500, 'eur')).toBe('€5');
  });
});
