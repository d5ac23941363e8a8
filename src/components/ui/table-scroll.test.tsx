import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TableScroll } from './table-scroll';

/** Lays the scroller out as a browser would: `content` px of table in a `box` px wide region, scrolled to `left`. */
function layOut(region: HTMLElement, { content, box, left }: { content: number; box: number; left: number }) {
  Object.defineProperty(region, 'scrollWidth', { configurable: true, value: content });
  Object.defineProperty(region, 'clientWidth', { configurable: true, value: box });
  region.scrollLeft = left;
  act(() => {
    fireEvent.scroll(region);
  });
}

const edges = (container: HTMLElement) => ({
  before: container.querySelector('[data-edge="before"]')!.classList.contains('opacity-100'),
  after: container.querySelector('[data-edge="after"]')!.classList.contains('opacity-100'),
});

describe('TableScroll', () => {
  it('fades the edge that has columns past it, and neither when the table fits', () => {
    const { container } = render(
      <TableScroll label="Credit history">
        <table>
          <tbody>
            <tr>
              <td>Lightbox</td>
            </tr>
          </tbody>
        </table>
      </TableScroll>,
    );
    const region = screen.getByRole('region', { name: 'Credit history' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(edges(container)).toEqual({ before: false, after: false });
    layOut(region, { content: 454, box: 308, left: 0 });
    expect(edges(container)).toEqual({ before: false, after: true });
    layOut(region, { content: 454, box: 308, left: 60 });
    expect(edges(container)).toEqual({ before: true, after: true });
    layOut(region, { content: 454, box: 308, left: 146 });
    expect(edges(container)).toEqual({ before: true, after: false });
    layOut(region, { content: 300, box: 308, left: 0 });
    expect(edges(container)).toEqual({ before: false, after: false });
  });
});
