import { describe, expect, it } from 'vitest';
import { backgroundAllowed, DEFAULT_OPTIONS, lightboxOptionsSchema, withOutput } from './options';

describe('lightbox options', () => {
  it('needs a product name', () => {
    const result = lightboxOptionsSchema.safeParse({ ...DEFAULT_OPTIONS, product_name: '   ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Product name is required');
  });

  it('needs words when the background is described', () => {
    const result = lightboxOptionsSchema.safeParse({ ...DEFAULT_OPTIONS, product_name: 'Mug', background: 'description' });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['background_description']);
  });

  it('refuses a colour that is not #rrggbb (no CSS or markup smuggled into the backdrop)', () => {
    expect(lightboxOptionsSchema.safeParse({ ...DEFAULT_OPTIONS, product_name: 'Mug', background: 'colour', colour: 'red"/><script>' }).success).toBe(false);
  });

  it('switches to pure white for an Amazon main image, keeps the shadow (the worker keeps it off the edge), and allows only white there', () => {
    const chosen = withOutput({ ...DEFAULT_OPTIONS, output: 'instagram', background: 'gradient', shadow: 'contact' }, 'amazon');
    expect(chosen).toMatchObject({ output: 'amazon', background: 'white', shadow: 'contact' });
    expect(backgroundAllowed('amazon', 'gradient')).toBe(false);
    expect(backgroundAllowed('shopify', 'gradient')).toBe(true);
  });
});
