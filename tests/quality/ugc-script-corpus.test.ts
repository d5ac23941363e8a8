import { describe, expect, it } from 'vitest';
import corpus from '../../bench/quality/corpus/products.json';
import { scriptProblems } from '@shotcraft/shared/jobs/studios/script-check.ts';
import { estimateScriptSeconds, type UgcProduct } from '@shotcraft/shared/jobs/studios/ugc.ts';
import { benefitKind, generateScripts } from '@shotcraft/shared/jobs/studios/ugc-script.ts';

const products: UgcProduct[] = corpus.products.map((p) => ({ ...p, aspect: '9:16' as const }));

describe('scripts for the 30 products of the quality corpus', () => {
  it('has 30 products', () => {
    expect(products).toHaveLength(30);
  });

  it('reads cleanly: every line of 30 products × 3 scripts × 3 seeds passes the script check', () => {
    const problems: string[] = [];
    for (const product of products) {
      for (const seed of [0, 1, 2]) {
        for (const script of generateScripts(product, 3, seed)) {
          for (const scene of script.scenes) for (const p of scriptProblems(scene.text)) problems.push(`${product.name} / ${script.hook}: ${p} — ${scene.text}`);
          if (estimateScriptSeconds(script.scenes) > 45) problems.push(`${product.name} / ${script.hook}: over 45 s`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('says the olive oil the way a person would (the lines a new seller reported)', () => {
    const text = generateScripts(products[0]!, 3, 0).flatMap((s) => s.scenes.map((scene) => scene.text)).join(' ');
    expect(text).not.toMatch(/has a cold-pressed|Plus, peppery/);
    expect(text).toMatch(/it's cold-pressed from a single estate in Crete/i);
    expect(text).toMatch(/has a peppery, fresh taste for salads and bread/);
  });

  it('calls a plural product "they" and gives its verbs their plural form', () => {
    const shoes = products.find((p) => p.name === 'Aero Running Shoes')!;
    const text = generateScripts(shoes, 3, 0).flatMap((s) => s.scenes.map((scene) => scene.text)).join(' ');
    expect(text).toMatch(/they weigh only 220 grams/);
    expect(text).not.toMatch(/\bit (weighs|has|is)\b|\bthey (weighs|has|is)\b/i);
  });

  it('says each kind of offer as a sentence: a discount, something you get, a thing to do', () => {
    const line = (offer: string) => generateScripts({ ...products[1]!, offer }, 1, 0)[0]!.scenes.at(-1)!.text;
    expect(line('20% off this week')).toMatch(/^(And )?It's 20% off this week\./);
    expect(line('Free shipping')).toMatch(/you get free shipping/i);
    expect(line('Lifetime warranty')).toMatch(/you get a lifetime warranty/i);
    expect(line('Buy one, get one half price')).toMatch(/^Buy one, get one half price\./);
    expect(line('Gift set, 40% off')).toMatch(/^The gift set is 40% off right now\./);
  });
});

describe('benefitKind', () => {
  it.each([
    ['Vitamin C brightens dull skin.', 'sentence'],
    ['It also works as a reading lamp.', 'sentence'],
    ['keeps drinks cold for 24 hours', 'verb'],
    ['Cold-pressed from a single estate in Crete', 'state'],
    ['Dishwasher safe', 'state'],
    ['Oven safe to 260 °C', 'state'],
    ['Lightweight, durable and water-resistant', 'state'],
    ['Peppery, fresh taste for salads and bread', 'thing'],
    ['leak-proof lid', 'thing'],
    ['12-hour battery', 'thing'],
    ['Chamomile, lavender and lemon balm', 'thing'],
  ] as const)('%s → %s', (benefit, kind) => {
    expect(benefitKind(benefit)).toBe(kind);
  });
});

describe('scriptProblems', () => {
  it.each([
    ['and it has a cold-pressed from a single estate in Crete.', 'participle after "has a"'],
    ['It has a the lid.', 'doubled article'],
    ['It comes with a.', 'dangling article'],
    ['It has a oak handle.', '"a oak"'],
    ['Okay. it works', 'does not end with a mark'],
  ])('finds the problem in "%s"', (line, problem) => {
    expect(scriptProblems(line)).toContain(problem);
  });

  it('passes a clean line', () => {
    expect(scriptProblems('Then I found Arctic Flask, and it keeps drinks cold for 24 hours.')).toEqual([]);
  });
});
