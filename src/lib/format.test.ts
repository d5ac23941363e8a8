import { describe, expect, it } from 'vitest';
import { countOf, formatMegabytes } from './format';

describe('formatMegabytes', () => {
  it('shows sizes in MB (1024 × 1024 bytes) with two decimals', () => {
    expect(formatMegabytes(2.5 * 1024 * 1024)).toBe('2.50 MB');
    expect(formatMegabytes(123_456)).toBe('0.12 MB');
    expect(formatMegabytes(0)).toBe('0.00 MB');
  });

  it('shows "— MB" when the size is unknown', () => {
    expect(formatMegabytes(null)).toBe('— MB');
    expect(formatMegabytes(undefined)).toBe('— MB');
  });
});

describe('countOf', () => {
  it('says "1 credit", "0 credits" and "2 items have" the way English does', () => {
    expect(countOf(1, 'credit', 'credits')).toBe('1 credit');
    expect(countOf(0, 'credit', 'credits')).toBe('0 credits');
    expect(countOf(2, 'item has', 'items have')).toBe('2 items have');
  });
});
