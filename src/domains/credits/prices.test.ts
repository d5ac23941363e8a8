import { describe, expect, it } from 'vitest';
import { canAfford, formatCredits, priceOf } from './prices';
import type { StudioPrice } from './types';

const prices: StudioPrice[] = [
  { studio: 'lightbox', preset: 'default', credits: 1, label: 'Lightbox' },
  { studio: 'refine_image', preset: 'default', credits: 2, label: 'Refine Image' },
  { studio: 'refine_image', preset: 'upscale', credits: 3, label: 'AI Upscaling' },
];

describe('priceOf', () => {
  it('uses the preset row when there is one and the studio default otherwise', () => {
    expect(priceOf(prices, 'refine_image', 'upscale')).toBe(3);
    expect(priceOf(prices, 'refine_image', 'color')).toBe(2);
    expect(priceOf(prices, 'refine_image')).toBe(2);
  });

  it('knows no price for a studio missing from the list', () => {
    expect(priceOf(prices, 'ugc')).toBeUndefined();
  });
});

describe('canAfford', () => {
  it('allows a run only when the balance covers a known cost', () => {
    expect(canAfford({ total_credits: 2 }, 2)).toBe(true);
    expect(canAfford({ total_credits: 1 }, 2)).toBe(false);
    expect(canAfford({ total_credits: 9 }, undefined)).toBe(false);
    expect(canAfford(null, 1)).toBe(false);
  });
});

it('formats credit badges', () => {
  expect(formatCredits(1)).toBe('1 credit');
  expect(formatCredits(3)).toBe('3 credits');
});
