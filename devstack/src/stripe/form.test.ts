import { describe, expect, it } from 'vitest';
import { keyPath, metadata, parseForm } from './form';

describe('Stripe form encoding', () => {
  it('nests bracketed keys and turns indexed objects into arrays, as the SDK encodes them', () => {
    const form = parseForm(
      new URLSearchParams(
        'mode=payment&line_items[0][price_data][currency]=usd&line_items[0][price_data][unit_amount]=1900&line_items[0][quantity]=1&metadata[user_id]=u1&expand[]=payments&expand[]=lines',
      ),
    );
    expect(form).toEqual({
      mode: 'payment',
      line_items: [{ price_data: { currency: 'usd', unit_amount: '1900' }, quantity: '1' }],
      metadata: { user_id: 'u1' },
      expand: ['payments', 'lines'],
    });
  });

  it('keeps two indexed items apart and ignores malformed keys', () => {
    expect(parseForm(new URLSearchParams('items[1][price]=b&items[0][price]=a&a]b=1'))).toEqual({ items: [{ price: 'a' }, { price: 'b' }] });
    expect(keyPath('a]b')).toBeNull();
  });

  it('metadata keeps non-empty strings only (an empty value unsets a key in Stripe)', () => {
    expect(metadata({ a: '1', b: '', c: { d: 'x' } })).toEqual({ a: '1' });
  });
});
