import { describe, expect, it } from 'vitest';
import { parseFraming } from './lightbox';

describe('parseFraming', () => {
  const box = { left: 0.1, top: 0.2, width: 0.5, height: 0.6 };
  it('reads a stored framing', () => {
    expect(parseFraming({ from: box, to: box })).toEqual({ from: box, to: box });
  });
  it('gives null for results made before it was recorded, and for malformed or empty boxes', () => {
    expect(parseFraming(undefined)).toBeNull();
    expect(parseFraming({ from: box })).toBeNull();
    expect(parseFraming({ from: box, to: { ...box, width: 0 } })).toBeNull();
    expect(parseFraming({ from: box, to: { ...box, left: '0.1' } })).toBeNull();
    expect(parseFraming({ from: { ...box, top: Number.NaN }, to: box })).toBeNull();
  });
});
