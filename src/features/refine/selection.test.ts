import { describe, expect, it } from 'vitest';
import { effectiveCustomText, initialSelection, resolveEnhancement, selectionReducer, type EnhancementSelection } from './selection';

const apply = (...actions: Parameters<typeof selectionReducer>[1][]) => actions.reduce<EnhancementSelection>(selectionReducer, initialSelection);

describe('enhancement selection', () => {
  it('focusing the custom field enters custom mode and clears the preset', () => {
    expect(apply({ type: 'focus-custom' })).toEqual({ preset: null, customMode: true, customText: '' });
  });

  it('typing non-blank text enters custom mode; blank text does not', () => {
    expect(apply({ type: 'choose-preset', preset: 'color' }, { type: 'type-custom', text: '   ' })).toMatchObject({ preset: 'color', customMode: false });
    expect(apply({ type: 'type-custom', text: 'warmer' })).toEqual({ preset: null, customMode: true, customText: 'warmer' });
  });

  it('choosing a preset clears the custom text and custom mode', () => {
    expect(apply({ type: 'type-custom', text: 'add vintage effect' }, { type: 'choose-preset', preset: 'upscale' })).toEqual({
      preset: 'upscale',
      customMode: false,
      customText: '',
    });
  });

  it('counts custom text only in custom mode and when non-empty after trimming', () => {
    expect(effectiveCustomText({ preset: null, customMode: true, customText: '  brighter  ' })).toBe('brighter');
    expect(effectiveCustomText({ preset: null, customMode: true, customText: '   ' })).toBeNull();
    expect(effectiveCustomText({ preset: 'general', customMode: false, customText: 'brighter' })).toBeNull();
  });

  it('runs a custom enhancement with its words, else the preset, else General Enhancement', () => {
    expect(resolveEnhancement({ preset: null, customMode: true, customText: ' more vibrant ' })).toMatchObject({ preset: 'custom', title: 'Custom Enhancement', customText: 'more vibrant' });
    expect(resolveEnhancement({ preset: 'noise', customMode: false, customText: '' })).toMatchObject({ preset: 'noise', title: 'Noise Reduction', customText: '' });
    expect(resolveEnhancement({ preset: null, customMode: true, customText: '' })).toMatchObject({ preset: 'general', title: 'General Enhancement' });
  });
});
