import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SpinViewer } from './spin-viewer';

const frames = Array.from({ length: 12 }, (_, i) => `https://cdn.test/frame-${i}.jpg`);
const slider = () => screen.getByRole('slider', { name: '360° view of Red box' });

function motion(reduce: boolean) {
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({ matches: reduce && query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} }));
}

afterEach(() => vi.useRealTimers());

describe('SpinViewer', () => {
  it('turns with the arrow keys, Home and End, wrapping round both ways', async () => {
    motion(false);
    const user = userEvent.setup();
    render(<SpinViewer frames={frames} label="360° view of Red box" autoplay={false} />);
    await user.tab();
    expect(slider()).toHaveFocus();
    expect(slider()).toHaveAttribute('aria-valuetext', 'Frame 1 of 12');
    await user.keyboard('{ArrowLeft}');
    expect(slider()).toHaveAttribute('data-frame', '11');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(slider()).toHaveAttribute('data-frame', '1');
    await user.keyboard('{End}');
    expect(slider()).toHaveAttribute('aria-valuenow', '12');
    await user.keyboard('{Home}');
    expect(slider()).toHaveAttribute('aria-valuenow', '1');
  });

  it('turns half a turn for a drag across half its width', () => {
    motion(false);
    render(<SpinViewer frames={frames} label="360° view of Red box" autoplay={false} />);
    vi.spyOn(slider(), 'getBoundingClientRect').mockReturnValue({ width: 400, height: 400, x: 0, y: 0, top: 0, left: 0, right: 400, bottom: 400, toJSON: () => ({}) });
    fireEvent.pointerDown(slider(), { button: 0, clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(slider(), { clientX: 300, pointerId: 1 });
    fireEvent.pointerUp(slider(), { clientX: 300, pointerId: 1 });
    expect(slider()).toHaveAttribute('data-frame', '6');
    expect(slider().className).toContain('touch-pan-y');
  });

  it('plays on its own at the spin speed until paused', () => {
    vi.useFakeTimers();
    motion(false);
    render(<SpinViewer frames={frames} label="360° view of Red box" fps={10} />);
    act(() => vi.advanceTimersByTime(350));
    expect(slider()).toHaveAttribute('data-frame', '3');
    fireEvent.click(screen.getByRole('button', { name: 'Pause rotation' }));
    act(() => vi.advanceTimersByTime(1000));
    expect(slider()).toHaveAttribute('data-frame', '3');
    expect(screen.getByRole('button', { name: 'Play rotation' })).toBeInTheDocument();
  });

  it('does not play by itself for someone who prefers reduced motion', () => {
    vi.useFakeTimers();
    motion(true);
    render(<SpinViewer frames={frames} label="360° view of Red box" />);
    act(() => vi.advanceTimersByTime(2000));
    expect(slider()).toHaveAttribute('data-frame', '0');
  });

  it('offers full screen only where the browser has it', () => {
    motion(false);
    Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: false });
    const { unmount } = render(<SpinViewer frames={frames} label="360° view of Red box" autoplay={false} />);
    expect(screen.queryByRole('button', { name: 'Full screen' })).toBeNull();
    unmount();
    Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: true });
    render(<SpinViewer frames={frames} label="360° view of Red box" autoplay={false} />);
    expect(screen.getByRole('button', { name: 'Full screen' })).toBeInTheDocument();
  });
});
