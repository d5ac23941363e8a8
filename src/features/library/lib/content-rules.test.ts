import { describe, expect, it } from 'vitest';
import { exclusionReason, isListable, type ListedEntry } from './content-rules';

const image: ListedEntry = { name: 'user/Lightbox/images/1763769600000_mug.png', url: 'https://x/mug.png', contentType: 'lightbox', kind: 'image', mimetype: 'image/png', status: 'completed' };
const video: ListedEntry = { name: 'user/UGC/serum.mp4', url: 'https://x/serum.mp4', contentType: 'ugc_video', kind: 'video', mimetype: 'video/mp4', size: 2_400_000 };

describe('library filtering rules (docs/spec.md §5)', () => {
  it('keeps a finished image and a finished video', () => {
    expect(isListable(image)).toBe(true);
    expect(isListable(video)).toBe(true);
  });

  it('hides items still processing', () => {
    expect(exclusionReason({ ...image, status: 'processing' })).toBe('processing');
  });

  it.each([[''], ['null'], ['  '], [null], [undefined]])('hides an item whose URL is %j', (url) => {
    expect(exclusionReason({ ...image, url })).toBe('no_url');
  });

  it.each([['unknown'], ['uploaded_image'], [null], ['']])('hides content type %j', (contentType) => {
    expect(exclusionReason({ ...image, contentType })).toBe('unknown_type');
  });

  it('skips .emptyFolderPlaceholder entries', () => {
    expect(exclusionReason({ ...image, name: 'user/Refined-Images/.emptyFolderPlaceholder' })).toBe('placeholder');
  });

  it('hides folder references that have no file extension', () => {
    expect(exclusionReason({ ...image, name: 'user/Lightbox/images' })).toBe('folder');
  });

  it('requires the mimetype to begin with image/ or video/ as the kind says', () => {
    expect(exclusionReason({ ...image, mimetype: 'application/zip' })).toBe('wrong_mimetype');
    expect(exclusionReason({ ...video, mimetype: 'image/jpeg' })).toBe('wrong_mimetype');
    expect(isListable({ ...image, mimetype: null })).toBe(true);
  });

  it('hides a video whose thumbnail field is set but empty or "null"', () => {
    expect(exclusionReason({ ...video, thumbnail: '' })).toBe('no_thumbnail');
    expect(exclusionReason({ ...video, thumbnail: 'https://x/null' })).toBe('no_thumbnail');
    expect(isListable({ ...video, thumbnail: 'https://x/poster.jpg' })).toBe(true);
  });

  it('keeps a video without any thumbnail field (the tile plays it muted)', () => {
    expect(isListable(video)).toBe(true);
  });

  it('accepts only .mp4, .mov and .webm video files that are not empty, dotted or placeholders', () => {
    expect(isListable({ ...video, name: 'spin.mov' })).toBe(true);
    expect(isListable({ ...video, name: 'spin.webm' })).toBe(true);
    expect(exclusionReason({ ...video, name: 'spin.avi' })).toBe('bad_video_file');
    expect(exclusionReason({ ...video, name: '.hidden.mp4' })).toBe('bad_video_file');
    expect(exclusionReason({ ...video, name: 'placeholder.mp4' })).toBe('bad_video_file');
    expect(exclusionReason({ ...video, size: 0 })).toBe('bad_video_file');
  });
});
