import { describe, expect, it } from 'vitest';
import { estimateScriptSeconds, UGC_HOOKS, ugcScriptSchema, type UgcProduct } from './ugc.ts';
import { generateScripts } from './ugc-script.ts';

const flask: UgcProduct = { name: 'Arctic Flask', benefits: ['keeps drinks cold for 24 hours', 'leak-proof lid', 'fits every cup holder'], offer: '20% off this week', cta: 'Shop now', aspect: '9:16' };
const serum: UgcProduct = { name: 'Glow Serum', benefits: ['Vitamin C brightens dull skin.', 'absorbs in seconds', 'USB-C charging'], offer: '', cta: 'Get yours', aspect: '9:16' };
const allText = (product: UgcProduct, photos = 3, seed?: number) => generateScripts(product, photos, seed).flatMap((s) => s.scenes.map((scene) => scene.text));

describe('the local script writer', () => {
  it('writes three valid scripts in hook order: a hook first, the call to action last', () => {
    const scripts = generateScripts(flask, 3);
    expect(scripts.map((s) => s.hook)).toEqual([...UGC_HOOKS]);
    for (const script of scripts) {
      expect(ugcScriptSchema.safeParse(script).success).toBe(true);
      expect(script.scenes[0]!.kind).toBe('hook');
      expect(script.scenes.at(-1)!.kind).toBe('cta');
      expect(script.scenes.filter((s) => s.kind === 'body')).toHaveLength(3);
    }
  });

  it('says every benefit, the offer as given and the call to action in each script', () => {
    for (const script of generateScripts(flask, 3)) {
      const text = script.scenes.map((s) => s.text).join(' ');
      for (const word of ['cold for 24 hours', 'leak-proof lid', 'every cup holder', '20% off this week', 'shop now']) expect(text.toLowerCase()).toContain(word);
    }
  });

  it('invents no offer when there is none, and keeps names like USB-C as written', () => {
    const text = allText(serum).join(' ');
    expect(text).not.toMatch(/% off|discount|sale|\$/i);
    expect(text).toContain('USB-C charging');
    expect(text).toContain('get yours');
  });

  it('reads like speech: no placeholders, doubled marks, doubled spaces or broken grammar', () => {
    for (const line of [...allText(flask), ...allText(serum), ...allText({ ...flask, benefits: ['Lightweight.'], offer: 'Free shipping' }, 1)]) {
      expect(line).not.toMatch(/[{}[\]]|undefined|null| {2}|\.\.|,\.|\?\.|has a [A-Z]|has an? \w+ \w+s \w/);
      expect(line.length).toBeLessThanOrEqual(160);
      expect(line).toMatch(/^[A-Z"]/);
      expect(line).toMatch(/[.!?…]$/);
    }
  });

  it('turns a benefit written as a sentence into a sentence, not "has a …"', () => {
    const text = allText(serum).join(' ');
    expect(text).toContain('Vitamin C brightens dull skin');
    expect(text).not.toMatch(/has a vitamin/i);
  });

  it('uses every photo, and no photo that is not there', () => {
    for (const photos of [1, 2, 3, 10]) {
      const used = new Set(generateScripts(flask, photos).flatMap((s) => s.scenes.map((scene) => scene.photo)));
      expect(Math.max(...used)).toBeLessThan(photos);
      expect(used.size).toBe(Math.min(photos, 5));
    }
  });

  it('is the same for the same product and seed, and another seed can change the wording', () => {
    expect(generateScripts(flask, 3, 1)).toEqual(generateScripts(flask, 3, 1));
    const variants = new Set([0, 1, 2, 3, 4, 5].map((seed) => generateScripts(flask, 3, seed)[0]!.scenes[0]!.text));
    expect(variants.size).toBeGreaterThan(1);
  });

  it('keeps an ad short: about 30 seconds spoken, at most 45 with five long benefits', () => {
    for (const script of generateScripts(flask, 3)) expect(estimateScriptSeconds(script.scenes)).toBeLessThanOrEqual(30);
    const long = { ...flask, benefits: Array.from({ length: 5 }, (_, i) => `keeps everything you carry perfectly organised in compartment number ${i + 1}`) };
    for (const script of generateScripts(long, 3)) expect(estimateScriptSeconds(script.scenes)).toBeLessThanOrEqual(45);
  });
});
