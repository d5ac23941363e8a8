import { describe, expect, it } from 'vitest';
import { generateCaption } from './caption';
import { captionFacts } from './caption-facts';
import type { SocialPlatform } from './platforms';

/** The caption's sentences (the hashtag line aside). */
const sentences = (caption: string) => caption.split('\n\n')[0]!.replace(/\s#\S+/g, '').trim().split(/(?<=[.!?…])\s+/);

function expectGrammatical(caption: string) {
  expect(caption).not.toMatch(/\b(the|a|an)\s+(the|a|an)\b/i);
  expect(caption).not.toMatch(/\b(\w+)\s+\1\b/i);
  for (const s of sentences(caption)) expect(s).toMatch(/^[A-Z0-9].*[.!?…]$/);
}

const OLIVE = {
  content_type: 'lightbox',
  product_name: 'Olive oil bottle kitchen',
  storage_path: 'u1/Lightbox/images/olive-oil-bottle-kitchen.jpg',
  input_data: { product_name: 'Cretan Estate Olive Oil', file_name: 'olive-oil-bottle-kitchen.jpg' },
};
const PLATFORMS: SocialPlatform[][] = [['instagram'], ['twitter'], ['instagram', 'twitter', 'pinterest']];

describe('Generate Caption', () => {
  it('names "Cretan Estate Olive Oil" for the item whose file is olive-oil-bottle-kitchen.jpg, in grammatical sentences', () => {
    const facts = captionFacts(OLIVE);
    for (const platforms of PLATFORMS)
      for (let variant = 0; variant < 5; variant++) {
        const caption = generateCaption({ ...facts, contentType: 'lightbox' }, platforms, variant);
        expect(caption).toContain('Cretan Estate Olive Oil');
        expect(caption).not.toMatch(/kitchen|bottle/i);
        expectGrammatical(caption);
      }
    expect(generateCaption({ ...facts, contentType: 'lightbox' }, ['instagram'], 0)).toMatch(/^Meet Cretan Estate Olive Oil\./);
  });

  it('with no product name, names none: no file name, no "our product"', () => {
    const facts = captionFacts({ ...OLIVE, input_data: {} });
    expect(facts.product).toBeNull();
    for (let variant = 0; variant < 5; variant++) {
      const caption = generateCaption({ ...facts, contentType: 'lightbox' }, ['instagram'], variant);
      expect(caption).not.toMatch(/kitchen|bottle|olive|our (new |latest )?product|latest product/i);
      expectGrammatical(caption);
    }
  });

  it('keeps a product name that brings its own article, without adding another', () => {
    for (let variant = 0; variant < 5; variant++) {
      const caption = generateCaption({ product: 'the Arctic Flask', contentType: 'ugc_video', detail: 'keeps drinks cold for 24 hours' }, ['instagram'], variant);
      expect(caption).toContain('Keeps drinks cold for 24 hours.');
      expectGrammatical(caption);
    }
  });
});
