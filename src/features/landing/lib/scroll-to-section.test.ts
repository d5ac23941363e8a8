import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scrollToSection } from './scroll-to-section';

function section(tops: number[]) {
  const el = document.createElement('section');
  el.id = 'pricing';
  el.tabIndex = -1;
  document.body.append(el);
  const scrollIntoView = vi.fn();
  el.scrollIntoView = scrollIntoView;
  let call = 0;
  // Where the section's top is after each settled scroll (0 = at rest below the sticky header).
  el.getBoundingClientRect = () => ({ top: tops[Math.min(call++, tops.length - 1)] ?? 0 }) as DOMRect;
  return { el, scrollIntoView };
}

beforeEach(() => {
  vi.useFakeTimers();
  // A long page: the section can always be scrolled to the top.
  Object.defineProperty(document.documentElement, 'scrollHeight', { value: 5_000, configurable: true });
  window.matchMedia = vi.fn().mockReturnValue({ matches: false }) as unknown as typeof window.matchMedia;
});
afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe('scrollToSection', () => {
  it('scrolls smoothly, focuses the section and names it in the URL', () => {
    const { el, scrollIntoView } = section([0]);
    scrollToSection('pricing');
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(document.activeElement).toBe(el);
    expect(window.location.hash).toBe('#pricing');
  });

  it('lands on the section again when content above changed height during the scroll', async () => {
    const { scrollIntoView } = section([480, 0]);
    scrollToSection('pricing');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(scrollIntoView).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(scrollIntoView).toHaveBeenCalledTimes(2);
  });

  it('stops at the end of the page, where the section cannot reach the top', async () => {
    Object.defineProperty(document.documentElement, 'scrollHeight', { value: window.innerHeight, configurable: true });
    const { scrollIntoView } = section([300]);
    scrollToSection('pricing');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
  });

  it('gives up after three corrections', async () => {
    const { scrollIntoView } = section([300]);
    scrollToSection('pricing');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(scrollIntoView).toHaveBeenCalledTimes(4);
  });
});
