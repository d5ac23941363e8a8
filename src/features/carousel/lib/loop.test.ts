import { describe, expect, it } from 'vitest';
import { advance, dragTo, loopWidth, wrapOffset } from './loop';

describe('carousel loop arithmetic', () => {
  it('one copy of the strip is item count × the 280 px step', () => {
    expect(loopWidth(8, 280)).toBe(2240);
    expect(loopWidth(0, 280)).toBe(0);
  });

  it('advances 0.5 px per frame', () => {
    expect(advance(10, 0.5, 2240)).toBe(10.5);
  });

  it('wraps back to the start once half the doubled strip has scrolled', () => {
    expect(advance(2239.75, 0.5, 2240)).toBeCloseTo(0.25);
    expect(wrapOffset(2240, 2240)).toBe(0);
  });

  it('wraps a backwards drag past the start to the end of the first copy', () => {
    expect(dragTo(100, 150, 2240)).toBe(2190);
  });

  it('dragging left scrolls forward', () => {
    expect(dragTo(100, -60, 2240)).toBe(160);
  });

  it('stays at zero with nothing to scroll', () => {
    expect(wrapOffset(123, 0)).toBe(0);
    expect(wrapOffset(Number.NaN, 2240)).toBe(0);
  });
});
