import { describe, expect, it } from 'vitest';
import { parseBackdropDescription, VOCABULARY_SIZE } from './backdrop-words';

describe('parseBackdropDescription', () => {
  it('turns "warm marble" into a marble texture under warm light', () => {
    const { spec, used, ignored } = parseBackdropDescription('warm marble');
    expect(spec).toMatchObject({ texture: 'marble', lighting: ['warm'], gradient: false });
    expect(used).toEqual(['warm light', 'marble texture']);
    expect(ignored).toEqual([]);
  });

  it('makes "pastel pink gradient" a two-colour gradient starting at a pastel pink', () => {
    const { spec, used } = parseBackdropDescription('Pastel pink gradient');
    expect(spec.gradient).toBe(true);
    expect(spec.colours).toHaveLength(2);
    expect(spec.colours[0]).not.toBe('#ef8fb1');
    expect(used).toEqual(['pastel pink', 'gradient']);
  });

  it('reads "wooden table" as a wood surface and "light blue" as a tone, not lighting', () => {
    expect(parseBackdropDescription('on a wooden table').spec.surface).toBe('wood');
    const blue = parseBackdropDescription('light blue studio');
    expect(blue.spec).toMatchObject({ lighting: [], sweep: true });
    expect(blue.used).toEqual(['light blue', 'studio sweep']);
  });

  it('lists the words it could not act on', () => {
    const { ignored, used } = parseBackdropDescription('sage green with dragons and unicorns');
    expect(used).toEqual(['sage', 'green']);
    expect(ignored).toEqual(['dragons', 'unicorns']);
  });

  it('understands the whole of "rustic kitchen counter, morning light, blurred herbs"', () => {
    const { spec, used, ignored } = parseBackdropDescription('rustic kitchen counter, morning light, blurred herbs');
    expect(ignored).toEqual([]);
    expect(spec).toMatchObject({ surface: 'wood', lightFrom: 'left', props: ['herbs'], blurred: true });
    expect(spec.lighting).toEqual(expect.arrayContaining(['warm', 'soft']));
    expect(used).toEqual(expect.arrayContaining(['kitchen scene', 'counter to stand on', 'morning light', 'herbs behind', 'background out of focus']));
  });

  it('knows at least 150 words and phrases: surfaces, rooms, times of day, moods, colours, light and props', () => {
    expect(VOCABULARY_SIZE).toBeGreaterThanOrEqual(150);
    expect(parseBackdropDescription('beach at sunset').spec).toMatchObject({ surface: 'sand', lightFrom: 'right' });
    expect(parseBackdropDescription('luxury dark velvet with spotlight').spec.texture).toBe('velvet');
    expect(parseBackdropDescription('cozy bedroom, soft window light').spec).toMatchObject({ surface: 'linen', lightFrom: 'left' });
    expect(parseBackdropDescription('industrial concrete shelf, side light, eucalyptus').spec).toMatchObject({ surface: 'concrete', props: ['leaves'], blurred: true });
  });

  it('falls back to a soft light grey when nothing is understood', () => {
    const { spec, used, ignored } = parseBackdropDescription('<script>alert(1)</script>');
    expect(spec.colours).toEqual(['#f2f2f2']);
    expect(used).toEqual([]);
    expect(ignored).toEqual(['script', 'alert']);
  });
});
