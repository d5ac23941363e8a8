import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { nameHoldsShownText, shownText } from '@/test/label-in-name';
import { formatCreated } from './format-created';
import { ResultTile } from './result-tile';
import type { GalleryItem } from './types';

// A refine result, a lightbox result and a 360° spin (a video with its poster): the studios that use this tile.
const ITEMS: GalleryItem[] = [
  { id: 'r', url: 'https://cdn.test/r.jpg', label: 'Color Correction', createdAt: '2026-11-20T10:15:00Z', savedToStorage: true },
  { id: 'l', url: 'https://cdn.test/l.png', label: 'Blue mug', createdAt: '2026-11-20T11:00:00Z', savedToStorage: false },
  { id: 's', url: 'https://cdn.test/s.mp4', label: 'Sneaker 360° Spin', createdAt: '2026-11-21T08:00:00Z', savedToStorage: true, media: 'video', posterUrl: 'https://cdn.test/s.jpg' },
];

describe('ResultTile', () => {
  it.each(ITEMS)('names each button with the words it shows (label in name): $label', (item) => {
    render(
      <ul>
        <ResultTile item={item} deleting={false} onOpen={vi.fn()} onDownload={vi.fn()} onPost={vi.fn()} onDelete={vi.fn()} />
      </ul>,
    );
    const name = `Open ${item.label}, ${formatCreated(item.createdAt)}`;
    const open = screen.getByRole('button', { name });
    expect(shownText(open)).toContain(item.label);
    expect(nameHoldsShownText(name, open)).toBe(true);
    for (const button of within(screen.getByRole('listitem')).getAllByRole('button')) {
      expect(nameHoldsShownText(button.getAttribute('aria-label') ?? '', button)).toBe(true);
    }
  });
});
