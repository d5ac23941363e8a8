import { describe, expect, it } from 'vitest';
import { captionFacts, captionMessages, type CaptionFacts, type CaptionRow } from './caption-facts.ts';

const OLIVE: CaptionRow = {
  content_type: 'lightbox',
  product_name: 'Olive oil bottle kitchen',
  storage_path: 'u1/Lightbox/images/olive-oil-bottle-kitchen.jpg',
  input_data: { product_name: 'Cretan Estate Olive Oil', file_name: 'olive-oil-bottle-kitchen.jpg' },
  metadata: {},
};

const CASES: [string, CaptionRow, CaptionFacts][] = [
  ['the product name the user gave, not the file', OLIVE, { product: 'Cretan Estate Olive Oil', detail: null }],
  ['no product name: the file name is not one', { ...OLIVE, input_data: { file_name: 'olive-oil-bottle-kitchen.jpg' } }, { product: null, detail: null }],
  ['a file name typed as the product', { ...OLIVE, product_name: 'olive-oil-bottle-kitchen.jpg', input_data: { product_name: 'olive-oil-bottle-kitchen.jpg' } }, { product: null, detail: null }],
  ['a camera file name', { content_type: 'uploaded_image', product_name: 'IMG_2041', input_data: {} }, { product: null, detail: null }],
  ['a refined image has no product, only its enhancement', { content_type: 'refine_image', product_name: 'Refined Image - Color Correction', input_data: { label: 'Color Correction' } }, { product: null, detail: null }],
  ['a refined image whose metadata names the product', { content_type: 'refine_image', product_name: 'Refined Image - Color Correction', metadata: { product_name: 'Cretan Estate Olive Oil' } }, { product: 'Cretan Estate Olive Oil', detail: null }],
  [
    'a UGC ad: its product and first benefit',
    { content_type: 'ugc_video', product_name: 'Arctic Flask', input_data: { product: { name: 'Arctic Flask', benefits: ['', 'keeps drinks cold for 24 hours'] } } },
    { product: 'Arctic Flask', detail: 'keeps drinks cold for 24 hours' },
  ],
  ['a spin left with the default title', { content_type: '360_video', product_name: '360° Spin', input_data: { title: '360° Spin' } }, { product: null, detail: null }],
  ['an ad variation: its headline, not its title', { content_type: 'facebook_ad', product_name: 'Summer sale — bold', input_data: { headline: 'Summer sale' } }, { product: null, detail: 'Summer sale' }],
  ['a hyphenated product is still a product', { content_type: 'lightbox', product_name: 'T-Shirt', input_data: { product_name: 'T-Shirt' } }, { product: 'T-Shirt', detail: null }],
];

describe('caption facts (one module for the app and the social-caption function)', () => {
  it.each(CASES)('%s', (_, row, facts) => {
    expect(captionFacts(row)).toEqual(facts);
  });
});

describe('the social-caption prompt', () => {
  it('names "Cretan Estate Olive Oil" for olive-oil-bottle-kitchen.jpg and never the file', () => {
    const messages = captionMessages(OLIVE, ['instagram'], 2200);
    const user = messages.find((m) => m.role === 'user')!.content;
    expect(user).toContain('Product name: Cretan Estate Olive Oil');
    expect(JSON.stringify(messages)).not.toMatch(/kitchen/i);
    expect(messages[0]!.content).toMatch(/never use a file name as a product name/i);
  });

  it('without a product name asks the model to write around it', () => {
    const user = captionMessages({ ...OLIVE, input_data: {} }, ['twitter'], 280).find((m) => m.role === 'user')!.content;
    expect(user).toMatch(/Product name: none given\. Do not name the product/);
    expect(user).not.toMatch(/kitchen/i);
  });
});
