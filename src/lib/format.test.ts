import { describe, expect, it } from 'vitest';
import { formatMegabytes } from './format';

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
