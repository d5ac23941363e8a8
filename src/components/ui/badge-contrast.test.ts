import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { badgeVariants } from './badge';

/**
 * Every Badge variant's text against its own background, in both themes, on the surfaces badges
 * sit on (cards, the page, popovers): WCAG AA for normal text, 4.5:1. The colours are the theme
 * tokens of src/index.css; a tint (`bg-success/15`) is composited over the surface as the browser
 * paints it. axe measures the same on populated screens (e2e/a11y.spec.ts).
 */
const css = fs.readFileSync(path.resolve(__dirname, '../../index.css'), 'utf8');

function tokens(selector: ':root' | '.dark'): Map<string, [number, number, number]> {
  const block = new RegExp(`^${selector.replace('.', '\\.')} \\{([^}]*)\\}`, 'm').exec(css)?.[1] ?? '';
  const found = new Map<string, [number, number, number]>();
  for (const [, name, l, c, h] of block.matchAll(/--([\w-]+):\s*oklch\(([\d.]+) ([\d.]+) ([\d.]+)\)/g)) found.set(name!, [Number(l), Number(c), Number(h)]);
  return found;
}
const LIGHT = tokens(':root');
const DARK = new Map([...LIGHT, ...tokens('.dark')]);

/** OKLCH → gamma-encoded sRGB (0–1), clipped to the gamut. */
function srgb([l, c, h]: [number, number, number]): number[] {
  const a = c * Math.cos((h * Math.PI) / 180);
  const b = c * Math.sin((h * Math.PI) / 180);
  const [L, M, S] = [l + 0.3963377774 * a + 0.2158037573 * b, l - 0.1055613458 * a - 0.0638541728 * b, l - 0.0894841775 * a - 1.291485548 * b].map((v) => v ** 3) as [number, number, number];
  return [4.0767416621 * L - 3.3077115913 * M + 0.2309699292 * S, -1.2684380046 * L + 2.6097574011 * M - 0.3413193965 * S, -0.0041960863 * L - 0.7034186147 * M + 1.707614701 * S]
    .map((v) => Math.min(1, Math.max(0, v)))
    .map((v) => (v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055));
}
const luminance = (rgb: number[]) => {
  const [r, g, b] = rgb.map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: number[], b: number[]) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/** The text and background tokens a variant's classes name in a theme (`dark:` classes win in dark). */
function colours(classes: string, dark: boolean) {
  const list = classes.split(/\s+/);
  const pick = (prefix: 'text' | 'bg') => {
    const own = list.filter((c) => c.startsWith(`${prefix}-`));
    const darkOnes = list.filter((c) => c.startsWith(`dark:${prefix}-`)).map((c) => c.slice(5));
    const cls = (dark && darkOnes.at(-1)) || own.find((c) => /^(text|bg)-[a-z-]+(\/\d+)?$/.test(c) && !/^text-(xs|sm|base|left|center)$/.test(c));
    const [, name, alpha] = cls ? (/^(?:text|bg)-([a-z-]+)(?:\/(\d+))?$/.exec(cls) ?? []) : [];
    return name ? { name, alpha: alpha ? Number(alpha) / 100 : 1 } : null;
  };
  return { text: pick('text'), bg: pick('bg') };
}

const VARIANTS = ['default', 'secondary', 'outline', 'credit', 'success', 'destructive'] as const;
const SURFACES = ['card', 'background', 'popover'] as const;

describe('Badge colours', () => {
  for (const [theme, palette] of [['light', LIGHT], ['dark', DARK]] as const) {
    it.each(VARIANTS)(`%s text is at least 4.5:1 on its background in the ${theme} theme`, (variant) => {
      const { text, bg } = colours(badgeVariants({ variant }), theme === 'dark');
      const ratios = SURFACES.map((surface) => {
        const under = srgb(palette.get(surface)!);
        const tint = bg ? srgb(palette.get(bg.name)!) : under;
        const paint = tint.map((v, i) => (bg?.alpha ?? 1) * v + (1 - (bg?.alpha ?? 1)) * under[i]!);
        return Number(contrast(srgb(palette.get(text?.name ?? 'foreground')!), paint).toFixed(2));
      });
      expect(Math.min(...ratios), `${variant} on ${SURFACES.join(', ')}: ${ratios.join(', ')}`).toBeGreaterThanOrEqual(4.5);
    });
  }
});
