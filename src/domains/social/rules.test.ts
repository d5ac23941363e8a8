import { describe, expect, it } from 'vitest';
import { generateCaption } from './caption';
import { blocks, captionLength, checkPost, fitFor, hashtagsOf, trimCaption, xWeightedLength, type MediaFacts } from './rules';

const photo = (over: Partial<MediaFacts> = {}): MediaFacts => ({ kind: 'image', mimeType: 'image/jpeg', bytes: 900_000, width: 1080, height: 1350, ...over });

describe('X counts characters its own way', () => {
  it('a link is 23, East Asian characters and emoji are 2, Latin text 1', () => {
    expect(xWeightedLength('hello')).toBe(5);
    expect(xWeightedLength('see https://example.com/a/very/long/path/that/goes/on')).toBe(4 + 23);
    expect(xWeightedLength('日本')).toBe(4);
    expect(xWeightedLength('👍🏽')).toBe(2);
    expect(captionLength('instagram', '日本')).toBe(2);
  });
});

describe('checking a post against a platform', () => {
  it('flags a caption over X’s 280 with a fix, and a trimmed one fits and keeps its hashtags', () => {
    const caption = `${'Our new ceramic mug keeps your coffee warm for hours. '.repeat(7)}#ceramics #coffee`;
    const problems = checkPost('twitter', caption, photo());
    expect(problems).toEqual([{ severity: 'error', topic: 'caption', message: `Caption is ${xWeightedLength(caption)} characters as X counts them; the limit is 280.`, fix: 'trim' }]);
    const trimmed = trimCaption('twitter', caption, 'image');
    expect(xWeightedLength(trimmed)).toBeLessThanOrEqual(280);
    expect(trimmed).toMatch(/…/);
    expect(hashtagsOf(trimmed)).toEqual(['ceramics', 'coffee']);
    expect(checkPost('twitter', trimmed, photo())).toEqual([]);
    // The same caption is fine on Instagram.
    expect(checkPost('instagram', caption, photo())).toEqual([]);
  });

  it('Instagram: JPEG only, 4:5 to 1.91:1, 30 hashtags at most and 5 recommended', () => {
    expect(blocks(checkPost('instagram', 'hi', photo({ mimeType: 'image/png' })))).toBe(true);
    expect(checkPost('instagram', 'hi', photo({ width: 3000, height: 1000 }))[0]!.message).toBe('The image is 3000×1000; it must be between 4:5 and 1.91:1.');
    expect(checkPost('instagram', 'hi', photo({ width: 1080, height: 1350 }))).toEqual([]);
    const many = (n: number) => Array.from({ length: n }, (_, i) => `#tag${i}`).join(' ');
    expect(checkPost('instagram', many(6), photo())).toEqual([{ severity: 'warning', topic: 'hashtags', message: '6 hashtags; 5 or fewer do best.' }]);
    expect(blocks(checkPost('instagram', many(31), photo()))).toBe(true);
  });

  it('file size and type limits per platform', () => {
    expect(checkPost('facebook', 'hi', photo({ bytes: 6 * 1024 * 1024 }))).toEqual([{ severity: 'error', topic: 'size', message: 'The file is 6 MB; the limit is 4 MB.', fix: 'fit' }]);
    expect(checkPost('tiktok', 'hi', photo({ mimeType: 'image/png' }))[0]!.message).toBe('PNG is not accepted; use JPEG, WebP.');
    expect(checkPost('pinterest', 'hi', photo({ mimeType: 'image/png' }))).toEqual([]);
    expect(checkPost('twitter', 'hi', { kind: 'video', mimeType: 'video/mp4', bytes: 10_000_000, width: 720, height: 1280 })).toEqual([]);
    expect(checkPost('pinterest', 'x'.repeat(501), photo())[0]).toMatchObject({ severity: 'error', fix: 'trim' });
  });

  it('one fitted image serves every chosen platform: the smallest size limit, Instagram’s aspect range', () => {
    expect(fitFor(['instagram', 'facebook'])).toEqual({ maxBytes: Math.floor(4 * 1024 * 1024 * 0.95), aspect: [0.8, 1.91] });
    expect(fitFor(['pinterest'])).toEqual({ maxBytes: Math.floor(20 * 1024 * 1024 * 0.95), aspect: null });
  });
});

describe('Generate Caption', () => {
  const source = { product: 'Ceramic Coffee Mug', contentType: 'lightbox' };
  it('names the product, fits every chosen platform, and says it differently each time', () => {
    const a = generateCaption(source, ['twitter', 'instagram'], 0);
    const b = generateCaption(source, ['twitter', 'instagram'], 1);
    expect(a).toContain('Ceramic Coffee Mug');
    expect(a).not.toBe(b);
    for (const text of [a, b]) {
      expect(xWeightedLength(text)).toBeLessThanOrEqual(280);
      expect(checkPost('twitter', text, photo())).toEqual([]);
      expect(checkPost('instagram', text, photo())).toEqual([]);
    }
    expect(hashtagsOf(a)).toContain('ceramiccoffeemug');
    // X alone: its recommended two hashtags at most.
    expect(hashtagsOf(generateCaption(source, ['twitter'], 0)).length).toBeLessThanOrEqual(2);
  });
});
