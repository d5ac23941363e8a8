import { describe, expect, it } from 'vitest';
import { clearAllLabel, downloadAllLabel, refreshLabel, showAllLabel } from './gallery-labels';

const images = { one: 'image', other: 'images' };
const videos = { one: 'video', other: 'videos' };

describe('gallery labels', () => {
  it('says "Download all 6 images", "Download video" and "Download all 2 videos"', () => {
    expect(downloadAllLabel(6, images)).toBe('Download all 6 images');
    expect(downloadAllLabel(1, videos)).toBe('Download video');
    expect(downloadAllLabel(2, videos)).toBe('Download all 2 videos');
    expect(downloadAllLabel(0, images)).toBe('Download all 0 images');
  });

  it('names the refresh, clear and show-all actions after the media', () => {
    expect(refreshLabel(videos)).toBe('Refresh videos');
    expect(clearAllLabel(images)).toBe('Clear all images');
    expect(showAllLabel(6, images)).toBe('Show all 6 images');
    expect(showAllLabel(4, videos)).toBe('Show all 4 videos');
  });
});
