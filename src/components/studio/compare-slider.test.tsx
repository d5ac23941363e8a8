import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CompareSlider } from './compare-slider';

describe('CompareSlider', () => {
  it('shows the original whole behind the result when both are framed alike (a refined photo)', () => {
    render(<CompareSlider before="/before.jpg" after="/after.jpg" alt="Blue mug" />);
    const before = screen.getByRole('img', { name: 'Before: Blue mug' });
    expect(before).toHaveClass('inset-0', 'object-contain');
    fireEvent.change(screen.getByRole('slider', { name: 'Before and after comparison' }), { target: { value: '30' } });
    expect(before.style.clipPath).toBe('inset(0 70% 0 0)');
  });

  it('lines the original up with a result that framed the product anew: the product covers the same box in both', () => {
    // The product filled the middle half of the photo's width; the result centres it at 85% of a square.
    const align = { from: { left: 0.25, top: 0.2, width: 0.5, height: 0.6 }, to: { left: 0.075, top: 0.2, width: 0.85, height: 0.6 } };
    render(<CompareSlider before="/before.jpg" after="/after.jpg" alt="Blue mug" align={align} />);
    const before = screen.getByRole('img', { name: 'Before: Blue mug' });
    // Scaled 1.7× across (0.85 / 0.5) and moved so the product's left edge, 0.25 of the photo, lands at 0.075 of the result.
    expect(before.style.width).toBe('170%');
    expect(before.style.left).toBe('-35%');
    expect(before.style.height).toBe('100%');
    expect(before.style.top).toBe('0%');
    // The slider's cut is the frame's, not the moved photo's.
    fireEvent.change(screen.getByRole('slider', { name: 'Before and after comparison' }), { target: { value: '40' } });
    expect(before.parentElement!.style.clipPath).toBe('inset(0 60% 0 0)');
  });
});
