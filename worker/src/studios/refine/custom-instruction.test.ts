import { describe, expect, it } from 'vitest';
import { parseInstruction } from './custom-instruction.js';

describe('parseInstruction', () => {
  it.each([
    ['make it more vibrant', ['saturation +25%'], []],
    ['make it more vibrant, add vintage effect, improve lighting', ['saturation +25%', 'vintage: sepia tint, faded blacks, warmer, saturation −10%', 'brightness +10%, contrast +6% (improved lighting)'], []],
    ['more vibrant and add sparkles', ['saturation +25%'], ['sparkles']],
    ['retro look', ['vintage: sepia tint, faded blacks, warmer, saturation −10%'], []],
    ['sepia', ['sepia tone'], []],
    ['warmer tones', ['warm tone'], []],
    ['cooler please', ['cool tone'], []],
    ['brighter', ['brightness +12%'], []],
    ['a bit darker', ['brightness −6%'], []],
    ['very bright', ['brightness +19%'], []],
    ['more contrast', ['contrast +20%'], []],
    ['less saturated', ['saturation −20%'], []],
    ['sharper and crisp', ['sharpening'], []],
    ['soft dreamy look', ['soft focus glow'], []],
    ['black and white', ['black and white'], []],
    ['B&W', ['black and white'], []],
    ['monochrome', ['black and white'], []],
    ['reduce noise', ['noise reduction'], []],
    ['clean it up', ['noise reduction'], []],
  ])('%j → applied %j, ignored %j', (text, applied, ignored) => {
    const parsed = parseInstruction(text);
    expect(parsed.applied).toEqual(applied);
    expect(parsed.ignored).toEqual(ignored);
  });

  it('understands local edits: a dark vignette where the words put it, and a label made crisper', () => {
    const vignette = parseInstruction('remove the dark vignette in the right corner');
    expect(vignette).toMatchObject({ applied: ['dark corner lifted at the right side'], ignored: [], adjustments: { vignette: { x: 1, y: 0 } } });
    expect(parseInstruction('brighten the dark corners').adjustments.vignette).toEqual({ x: 0, y: 0 });
    expect(parseInstruction('lighten the vignette at the top left').applied).toEqual(['dark corner lifted at the top left corner']);
    const label = parseInstruction('make the label crisper');
    expect(label).toMatchObject({ applied: ['label text made crisper (fine detail sharpened, flat areas untouched)'], ignored: [], adjustments: { textDetail: true, sharpen: 0 } });
    expect(parseInstruction('sharpen the label text, warmer').applied).toEqual(['label text made crisper (fine detail sharpened, flat areas untouched)', 'warm tone']);
  });

  it('names object edits it cannot do instead of dropping them', () => {
    expect(parseInstruction('remove the background, warmer').ignored).toEqual(['remove the background']);
    expect(parseInstruction('add a hat').ignored).toEqual(['hat']);
  });

  it('turns words into numbers the pipeline uses', () => {
    const { adjustments } = parseInstruction('vibrant, warm, black and white, sharper');
    expect(adjustments).toMatchObject({ saturation: 1.25, mono: true, sharpen: 1.2 });
    expect(adjustments.warmth).toBeGreaterThan(0);
  });

  it('understands nothing in gibberish and says so', () => {
    expect(parseInstruction('zzz qqq')).toMatchObject({ applied: [], ignored: ['zzz qqq'] });
  });
});
