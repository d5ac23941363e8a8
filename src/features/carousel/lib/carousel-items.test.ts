import { describe, expect, it } from 'vitest';
import { fallbackItems, isShowable, isVideoFile, selectLandingItems, stripTimestampPrefix, titleOf, toCarouselItems } from './carousel-items';
import type { CarouselItem, StorageEntry } from './types';

const url = (name: string) => `https://cdn.test/carousel/${name}`;
const entry = (name: string, created: string, size = 1000, id: string | null = name): StorageEntry => ({
  name,
  id,
  created_at: created,
  metadata: { size, mimetype: name.endsWith('.jpg') ? 'image/jpeg' : 'video/mp4' },
});
const item = (over: Partial<CarouselItem>): CarouselItem => ({
  id: 'x',
  title: 'X',
  fileName: 'x.mp4',
  url: url('x.mp4'),
  posterUrl: null,
  type: 'video',
  status: 'completed',
  createdAt: '2026-11-01T00:00:00Z',
  size: 10,
  ...over,
});

describe('carousel file rules (docs/spec.md §5 "Video bucket files")', () => {
  it('accepts .mp4, .mov and .webm files with a size above zero', () => {
    for (const name of ['a.mp4', 'b.MOV', 'c.webm']) expect(isVideoFile(entry(name, '2026-01-01'))).toBe(true);
  });

  it('refuses images, empty files, dot files and placeholders', () => {
    expect(isVideoFile(entry('poster.jpg', '2026-01-01'))).toBe(false);
    expect(isVideoFile(entry('empty.mp4', '2026-01-01', 0))).toBe(false);
    expect(isVideoFile(entry('.hidden.mp4', '2026-01-01'))).toBe(false);
    expect(isVideoFile(entry('.emptyFolderPlaceholder', '2026-01-01'))).toBe(false);
    expect(isVideoFile(entry('placeholder.mp4', '2026-01-01'))).toBe(false);
    expect(isVideoFile(entry('   ', '2026-01-01'))).toBe(false);
  });

  it('removes a leading timestamp from names and makes a readable title', () => {
    expect(stripTimestampPrefix('1763769600000_ceramic-mug.mp4')).toBe('ceramic-mug.mp4');
    expect(stripTimestampPrefix('2024-recap.mp4')).toBe('2024-recap.mp4');
    expect(titleOf('1763769600000_ceramic-mug.mp4')).toBe('Ceramic Mug');
    // Short joining words stay lower case inside a title, as on the product itself.
    expect(titleOf('1763769600000_eau-de-parfum.mp4')).toBe('Eau de Parfum');
    expect(titleOf('the-best-of-both.mp4')).toBe('The Best of Both');
  });
});

describe('landing carousel selection (docs/spec.md §5)', () => {
  it('keeps only completed video items with a URL', () => {
    const kept = selectLandingItems([
      item({ id: 'ok', title: 'Ok' }),
      item({ id: 'processing', title: 'P', status: 'processing' }),
      item({ id: 'no-url', title: 'N', url: '' }),
      item({ id: 'null-url', title: 'U', url: 'null' }),
      item({ id: 'image', title: 'I', type: 'image' }),
      item({ id: 'folder', title: 'F', fileName: 'UGC' }),
      item({ id: 'bad-thumb', title: 'T', posterUrl: 'https://cdn.test/null.jpg' }),
    ]);
    expect(kept.map((i) => i.id)).toEqual(['ok']);
  });

  it('keeps at most 20, newest first', () => {
    const many = Array.from({ length: 25 }, (_, n) => item({ id: `v${n}`, title: `V${n}`, createdAt: new Date(Date.UTC(2026, 0, n + 1)).toISOString() }));
    const kept = selectLandingItems(many);
    expect(kept).toHaveLength(20);
    expect(kept[0]!.id).toBe('v24');
    expect(kept[19]!.id).toBe('v5');
  });

  it('collapses duplicates by title, keeping the newer upload', () => {
    const kept = selectLandingItems([
      item({ id: 'old', title: 'Mug', createdAt: '2026-01-01T00:00:00Z' }),
      item({ id: 'new', title: 'Mug', createdAt: '2026-02-01T00:00:00Z' }),
    ]);
    expect(kept.map((i) => i.id)).toEqual(['new']);
  });

  it('hides an item whose thumbnail URL is empty', () => {
    expect(isShowable(item({ posterUrl: '' }))).toBe(false);
    expect(isShowable(item({ posterUrl: null }))).toBe(true);
  });
});

describe('toCarouselItems', () => {
  it('turns a bucket listing into video cards with their posters, skipping folders and images', () => {
    const items = toCarouselItems(
      [
        entry('1763769600000_mug.jpg', '2026-01-02T00:00:00Z'),
        entry('1763769600000_mug.mp4', '2026-01-02T00:00:01Z'),
        entry('1763769600001_shoe.mp4', '2026-01-03T00:00:00Z'),
        entry('UGC', '2026-01-04T00:00:00Z', 0, null),
      ],
      url,
    );
    expect(items.map((i) => [i.title, i.url, i.posterUrl])).toEqual([
      ['Shoe', url('1763769600001_shoe.mp4'), null],
      ['Mug', url('1763769600000_mug.mp4'), url('1763769600000_mug.jpg')],
    ]);
  });

  it('builds the fallback list from known file names at their public URLs', () => {
    const items = fallbackItems(['1763769600000_ceramic-mug.mp4'], url);
    expect(items).toEqual([
      expect.objectContaining({ title: 'Ceramic Mug', url: url('1763769600000_ceramic-mug.mp4'), posterUrl: url('1763769600000_ceramic-mug.jpg') }),
    ]);
  });
});
