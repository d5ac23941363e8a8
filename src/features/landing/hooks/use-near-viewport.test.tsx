import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { useNearViewport } from './use-near-viewport';

function Section({ id }: { id: string }) {
  const { ref, near } = useNearViewport<HTMLElement>();
  return (
    <section ref={ref} id={id} tabIndex={-1}>
      {near ? 'loaded' : 'waiting'}
    </section>
  );
}

// An observer that never reports, as when the first report is late or lost: what the visitor
// asked for must load anyway.
class SilentObserver {
  observe() {}
  disconnect() {}
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('IntersectionObserver', SilentObserver);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.location.hash = '';
});

it('stays unloaded far from the viewport', () => {
  render(<Section id="pricing" />);
  act(() => void vi.runAllTimers());
  expect(screen.getByText('waiting')).toBeInTheDocument();
});

it('loads at once when the address points at the section', () => {
  window.location.hash = '#pricing';
  render(<Section id="pricing" />);
  act(() => void vi.runAllTimers());
  expect(screen.getByText('loaded')).toBeInTheDocument();
});

it('loads when a link moves the address to it, or the focus lands in it', () => {
  render(<Section id="pricing" />);
  act(() => {
    window.location.hash = '#pricing';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  });
  expect(screen.getByText('loaded')).toBeInTheDocument();

  render(<Section id="features" />);
  act(() => screen.getByText('waiting').focus());
  expect(screen.getAllByText('loaded')).toHaveLength(2);
});
