import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderStudio } from '@/test/render-studio';
import { StudioShell } from './studio-shell';
import type { GalleryItem, GalleryWords } from './types';

const words = (unit: GalleryWords['unit']): GalleryWords => ({ title: 'Results', noun: 'results', unit, loading: 'Loading results...', emptyTitle: 'No results yet', emptyHint: 'Make one' });
const IMAGES = words({ one: 'image', other: 'images' });
const VIDEOS = words({ one: 'video', other: 'videos' });

const items = (n: number, media: 'image' | 'video' = 'image'): GalleryItem[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `item-${i + 1}`,
    url: `https://example.test/${i + 1}.jpg`,
    posterUrl: media === 'video' ? `https://example.test/${i + 1}.jpg` : undefined,
    media,
    label: `Result ${i + 1}`,
    createdAt: '2026-11-20T10:00:00Z',
    savedToStorage: true,
  }));

const actions = { download: vi.fn(), downloadAll: vi.fn(), remove: vi.fn(), clearAll: vi.fn(), refresh: vi.fn(), deletingIds: new Set<string>(), downloading: false, refreshing: false };

function renderShell(list: GalleryItem[], gallery: GalleryWords) {
  return renderStudio(
    <StudioShell title="Studio" subtitle="Makes things" balance={10} words={gallery} images={list} loading={false} loadError={null} actions={actions} preview={() => null}>
      <p>Options</p>
    </StudioShell>,
  );
}

const openButtons = () => screen.queryAllByRole('button', { name: /^Open Result \d+/ });

describe('StudioShell', () => {
  it('reaches every result the header counts: 3 per page with a pager, or all of them with "Show all 6 images"', async () => {
    const user = userEvent.setup();
    renderShell(items(6), IMAGES);
    expect(screen.getByRole('button', { name: 'Download all 6 images' })).toBeEnabled();
    expect(openButtons()).toHaveLength(3);
    const pager = screen.getByRole('navigation', { name: 'Results pages' });
    expect(pager).toHaveTextContent('1 of 2');

    await user.click(within(pager).getByRole('button', { name: 'Show all 6 images' }));
    expect(openButtons()).toHaveLength(6);
    expect(screen.getByRole('list', { name: 'Results, all 6' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Results pages' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show 3 per page' }));
    expect(openButtons()).toHaveLength(3);
    expect(screen.getByRole('navigation', { name: 'Results pages' })).toHaveTextContent('1 of 2');
  });

  it('says "Download video" for one video and "Download all 2 videos" for two, never "images"', () => {
    const { unmount } = renderShell(items(1, 'video'), VIDEOS);
    expect(screen.getByRole('button', { name: 'Download video' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Refresh videos' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear all videos' })).toBeEnabled();
    expect(screen.queryByRole('navigation', { name: 'Results pages' })).not.toBeInTheDocument();
    unmount();

    renderShell(items(2, 'video'), VIDEOS);
    expect(screen.getByRole('button', { name: 'Download all 2 videos' })).toBeEnabled();
    expect(screen.queryByText(/images/)).not.toBeInTheDocument();
  });

  it('disables downloading and clearing when there is nothing', () => {
    renderShell([], IMAGES);
    expect(screen.getByRole('button', { name: 'Download all 0 images' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Clear all images' })).toBeDisabled();
    expect(screen.getByText('No results yet')).toBeInTheDocument();
  });
});
