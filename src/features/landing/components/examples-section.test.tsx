import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExamplesSection } from './examples-section';

/** An IntersectionObserver the test moves by hand: `enter(margin)` reports the strip as near. */
const observers: { callback: IntersectionObserverCallback; margin: string | undefined; target?: Element }[] = [];
class ManualIntersectionObserver {
  constructor(
    private callback: IntersectionObserverCallback,
    private options?: IntersectionObserverInit,
  ) {}
  observe(target: Element) {
    observers.push({ callback: this.callback, margin: this.options?.rootMargin, target });
  }
  disconnect() {}
}
const enter = () =>
  act(() => {
    for (const o of observers) o.callback([{ isIntersecting: true, target: o.target } as IntersectionObserverEntry], {} as IntersectionObserver);
  });

beforeEach(() => {
  observers.length = 0;
  vi.stubGlobal('IntersectionObserver', ManualIntersectionObserver);
});
afterEach(() => vi.unstubAllGlobals());

describe('ExamplesSection', () => {
  it('keeps the carousel out until its strip comes within 200 px', () => {
    render(<ExamplesSection carousel={<p>carousel</p>} />);
    expect(screen.getByRole('heading', { name: 'Made with Shotcraft' })).toBeInTheDocument();
    expect(screen.queryByText('carousel')).not.toBeInTheDocument();
    expect(observers).toHaveLength(1);
    expect(observers[0]!.margin).toBe('200px');
    expect(observers[0]!.target).toBe(screen.getByTestId('examples-strip'));
    enter();
    expect(screen.getByText('carousel')).toBeInTheDocument();
  });

  it('mounts the carousel at the first Tab, before focus could pass it', async () => {
    render(<ExamplesSection carousel={<button type="button">Refresh Videos</button>} />);
    expect(screen.queryByRole('button', { name: 'Refresh Videos' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Tab}');
    expect(screen.getByRole('button', { name: 'Refresh Videos' })).toBeInTheDocument();
  });
});
