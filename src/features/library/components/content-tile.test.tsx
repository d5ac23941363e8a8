import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ContentItem } from '../types';
import { ContentTile } from './content-tile';

const item = (over: Partial<ContentItem> = {}): ContentItem => ({
  id: 'c1',
  name: 'Arctic Flask — summer sale',
  type: 'facebook_ad',
  kind: 'image',
  createdAt: '2026-11-20T10:00:00Z',
  sizeBytes: 200_000,
  creditsUsed: 0,
  mimeType: 'image/jpeg',
  storagePath: 'u/facebook_ad/c1.jpg',
  urls: { url: 'https://example.test/c1.jpg', thumbnailUrl: 'https://example.test/c1-thumb.jpg', missing: false },
  ...over,
});

function renderTile(content: ContentItem) {
  const noop = vi.fn();
  render(<ContentTile item={content} bulkActive={false} selected={false} onToggle={noop} onPreview={noop} onDownload={noop} onPost={noop} onDelete={noop} />);
  return screen.getByRole('article', { name: content.name });
}

describe('ContentTile', () => {
  it('labels an ad variation with its placement, read from its metadata', () => {
    expect(within(renderTile(item({ placement: 'stories_reels' }))).getByText('Stories & Reels 9:16 Ad')).toBeInTheDocument();
    expect(screen.queryByText('Facebook Ad')).not.toBeInTheDocument();
  });

  it('says "Feed 4:5 Ad" and "Feed 1:1 Ad" for the feed sizes, and "Facebook Ad" for an ad without a placement', () => {
    renderTile(item({ id: 'a', name: 'Portrait', placement: 'feed_portrait' }));
    renderTile(item({ id: 'b', name: 'Square', placement: 'feed_square' }));
    renderTile(item({ id: 'c', name: 'Analysis' }));
    expect(within(screen.getByRole('article', { name: 'Portrait' })).getByText('Feed 4:5 Ad')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Square' })).getByText('Feed 1:1 Ad')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Analysis' })).getByText('Facebook Ad')).toBeInTheDocument();
  });

  it('keeps the badge off the picture and shows the whole picture (fitted, not cropped)', () => {
    const tile = renderTile(item({ placement: 'feed_portrait' }));
    // The picture is decorative (alt=""), so it has no role to query by.
    const picture = tile.querySelector('img')!;
    expect(picture).toHaveClass('object-contain');
    expect(picture).not.toHaveClass('object-cover');
    const box = picture.parentElement!;
    expect(within(box).queryByText('Feed 4:5 Ad')).not.toBeInTheDocument();
    expect(within(tile).getByText('Feed 4:5 Ad')).toBeInTheDocument();
  });

  it('keeps the type badge for every other kind of content', () => {
    renderTile(item({ id: 'l', name: 'Mug', type: 'lightbox', placement: undefined }));
    expect(within(screen.getByRole('article', { name: 'Mug' })).getByText('Lightbox Image')).toBeInTheDocument();
  });
});
