import { describe, expect, it } from 'vitest';
import { pickActiveSection, visibleShare } from './section-tracking';

const VIEWPORT = 800;

describe('header section tracking', () => {
  it('marks a section active once 30% of it is visible', () => {
    expect(pickActiveSection({ features: { visible: 300, height: 1000 } }, VIEWPORT, 'home')).toBe('features');
  });

  it('keeps the previous item while no section reaches 30%', () => {
    // features: 200 of an 800 px screen (25%); testimonials: 100 of 500 px (20%).
    expect(pickActiveSection({ features: { visible: 200, height: 1000 }, testimonials: { visible: 100, height: 500 } }, VIEWPORT, 'home')).toBe('home');
  });

  it('prefers the most visible of several qualifying sections', () => {
    expect(
      pickActiveSection({ features: { visible: 350, height: 1000 }, testimonials: { visible: 450, height: 600 } }, VIEWPORT, 'home'),
    ).toBe('testimonials');
  });

  it('counts a section taller than the screen by how much of the screen it fills', () => {
    expect(visibleShare({ visible: 800, height: 3000 }, VIEWPORT)).toBe(1);
    expect(pickActiveSection({ pricing: { visible: 600, height: 3000 } }, VIEWPORT, 'home')).toBe('pricing');
  });

  it('ignores empty and zero-height sections', () => {
    expect(visibleShare({ visible: 0, height: 0 }, VIEWPORT)).toBe(0);
    expect(pickActiveSection({}, VIEWPORT, 'features')).toBe('features');
  });
});
