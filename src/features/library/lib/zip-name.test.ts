import { describe, expect, it } from 'vitest';
import type { ContentItem } from '../types';
import { uniqueEntryNames, zipName } from './zip-name';

const item = (id: string, name: string, type: ContentItem['type']): ContentItem => ({
  id, name, type, kind: 'image', createdAt: '2026-11-22T00:00:00Z', sizeBytes: 1, creditsUsed: 1, mimeType: 'image/png', storagePath: `u/${id}.png`,
});
const day = new Date('2026-11-22T12:00:00Z');

describe('the bulk download ZIP name', () => {
  it('is named after the active filter', () => {
    expect(zipName([item('a', 'x', 'refine_image'), item('b', 'y', 'refine_image')], 'refine_image', day)).toBe('shotcraft-refined-images-2-items-2026-11-22.zip');
  });

  it('is named after the one kind every selected item shares', () => {
    expect(zipName([item('a', 'x', '360_video'), item('b', 'y', '360_video')], 'all', day)).toBe('shotcraft-360-videos-2-items-2026-11-22.zip');
  });

  it('is "library" for a mix', () => {
    expect(zipName([item('a', 'x', 'lightbox'), item('b', 'y', 'ugc_video'), item('c', 'z', 'lightbox')], 'all', day)).toBe('shotcraft-library-3-items-2026-11-22.zip');
  });

  it("keeps a single item's own name", () => {
    expect(zipName([item('a', 'Ceramic Mug', 'lightbox')], 'all', day)).toBe('Ceramic Mug.zip');
  });

  it('numbers duplicate entry names inside the ZIP', () => {
    expect(uniqueEntryNames(['mug.png', 'mug.png', 'cup.png', 'mug.png'])).toEqual(['mug.png', 'mug (2).png', 'cup.png', 'mug (3).png']);
  });
});
