import { describe, expect, it } from 'vitest';
import { captionLength, captionTooLong, xWeightedLength } from './social-text.ts';

describe('xWeightedLength (twitter-text v3)', () => {
  it('counts Latin text, accents and typographic quotes 1 a character', () => {
    expect(xWeightedLength('Hello world')).toBe(11);
    expect(xWeightedLength('a'.repeat(280))).toBe(280);
    expect(xWeightedLength('Crème brûlée “fresh”')).toBe(20);
  });

  it('normalises to NFC first: a decomposed é counts once', () => {
    expect(xWeightedLength('Cafe\u0301')).toBe(4);
  });

  it('counts CJK characters and most symbols 2', () => {
    expect(xWeightedLength('日本語')).toBe(6);
    expect(xWeightedLength('한국')).toBe(4);
    expect(xWeightedLength('Wait…')).toBe(6);
  });

  it('counts every emoji 2, a whole sequence once: skin tone, family, flag, keycap', () => {
    expect(xWeightedLength('👍')).toBe(2);
    expect(xWeightedLength('👍🏽')).toBe(2);
    expect(xWeightedLength('👨‍👩‍👧')).toBe(2);
    expect(xWeightedLength('🇸🇪')).toBe(2);
    expect(xWeightedLength('1️⃣')).toBe(2);
    expect(xWeightedLength('❤️ it')).toBe(5);
  });

  it('counts any link 23, with or without a protocol, without its trailing punctuation', () => {
    expect(xWeightedLength('https://shop.example.com/products/olive-oil-bottle?utm_source=x&utm_medium=social')).toBe(23);
    expect(xWeightedLength('Visit shop.com?')).toBe(6 + 23 + 1);
    expect(xWeightedLength('(https://example.com/path)')).toBe(25);
    expect(xWeightedLength('https://en.wikipedia.org/wiki/Bread_(food)')).toBe(23);
    expect(xWeightedLength('www.hello.it t.co hello.it/shop')).toBe(23 + 1 + 23 + 1 + 23);
    // A link ends where its characters end: an emoji or a quote after it is text.
    expect(xWeightedLength('shop.com/oil🫒')).toBe(23 + 2);
    expect(xWeightedLength('"https://shop.com/a"')).toBe(1 + 23 + 1);
  });

  it('leaves words with dots, e-mail addresses and hashtags as text', () => {
    expect(xWeightedLength('hello.it')).toBe(8);
    expect(xWeightedLength('e.g. 3.5mm')).toBe(10);
    expect(xWeightedLength('ada@shop.com')).toBe(12);
    expect(xWeightedLength('#shop.com')).toBe(9);
  });
});

describe('captionLength', () => {
  it('counts X weighted and the other platforms in characters: the same caption, 416 and 417', () => {
    const caption = `${'New olive oil, cold pressed. '.repeat(14)}🫒 #oliveoil`.slice(0, 416 - 0);
    const plain = [...caption].length;
    expect(captionLength('instagram', caption)).toBe(plain);
    expect(captionLength('twitter', caption)).toBe(plain + 1);
  });

  it('counts characters, not UTF-16 units, on the other platforms', () => {
    expect(captionLength('instagram', '🫒🫒')).toBe(2);
    expect(captionLength('pinterest', 'Cafe\u0301')).toBe(4);
  });
});

describe('captionTooLong', () => {
  it('says nothing of a caption that fits and names the count and the limit of one that does not', () => {
    expect(captionTooLong('twitter', 'a'.repeat(280), 'image')).toBeNull();
    expect(captionTooLong('twitter', `${'a'.repeat(279)}👍`, 'image')).toBe('Caption is 281 characters as X counts them; the limit is 280.');
    expect(captionTooLong('instagram', 'a'.repeat(2201), 'video')).toBe('Caption is 2,201 characters; the limit is 2,200.');
    expect(captionTooLong('tiktok', 'a'.repeat(4000), 'image')).toBeNull();
  });
});
