/**
 * Turns a background description ("warm marble", "pastel pink gradient", "wooden table") into a
 * backdrop the renderer can draw: colours, a gradient or texture, and lighting. Like refine's
 * custom instruction, every word is accounted for: what it used and what it could not act on.
 */
export type Texture = 'marble' | 'wood' | 'concrete' | 'linen' | 'paper';
export type Lighting = 'warm' | 'cool' | 'soft' | 'bright' | 'dramatic' | 'spotlight';

export interface BackdropSpec {
  /** One colour: a flat or lit backdrop; two: a gradient from the first to the second. */
  colours: string[];
  gradient: boolean;
  texture: Texture | null;
  lighting: Lighting[];
  /** A floor-to-wall studio sweep rather than a flat wall. */
  sweep: boolean;
}

export interface ParsedBackdrop {
  spec: BackdropSpec;
  used: string[];
  ignored: string[];
}

const COLOURS: Record<string, string> = {
  white: '#ffffff', black: '#151515', grey: '#b8b8b8', gray: '#b8b8b8', silver: '#c9ccd1', charcoal: '#36393d',
  red: '#c62f2f', crimson: '#a4162b', pink: '#ef8fb1', rose: '#e7a3b1', coral: '#f2806b', orange: '#f08a24', peach: '#f6c3a2',
  yellow: '#f3d34a', gold: '#caa45a', mustard: '#d3a62a', cream: '#f5eedc', ivory: '#f7f3e6', beige: '#e4d5b7', sand: '#d9c6a0',
  tan: '#c8a27a', brown: '#7b5234', chocolate: '#5a3a22', green: '#4f9a5a', mint: '#bfe8d2', sage: '#b5c4a8', olive: '#7d8040',
  emerald: '#1f8a5c', teal: '#2a8c8c', turquoise: '#3cc7c0', blue: '#3d72c4', navy: '#1f2f57', sky: '#a9d3f2', cyan: '#5fd0e6',
  purple: '#7c4dbd', lavender: '#c9b8ea', lilac: '#c8a8d8', violet: '#8a5cc8', terracotta: '#c56b4a', burgundy: '#6e1f2e',
};

const TEXTURES: Record<string, Texture> = {
  marble: 'marble', marbled: 'marble', wood: 'wood', wooden: 'wood', oak: 'wood', walnut: 'wood', table: 'wood',
  concrete: 'concrete', stone: 'concrete', cement: 'concrete', slate: 'concrete', linen: 'linen', fabric: 'linen', cloth: 'linen',
  paper: 'paper', kraft: 'paper',
};
/** A texture's own colour when the description names none. */
const TEXTURE_COLOUR: Record<Texture, string> = { marble: '#eeeae6', wood: '#a9774a', concrete: '#b9b7b2', linen: '#e9e2d4', paper: '#efe9dd' };

const LIGHTING: Record<string, Lighting> = {
  warm: 'warm', golden: 'warm', sunny: 'warm', sunlit: 'warm', cool: 'cool', cold: 'cool', icy: 'cool',
  soft: 'soft', diffused: 'soft', gentle: 'soft', bright: 'bright', airy: 'bright', light: 'bright',
  dramatic: 'dramatic', moody: 'dramatic', dark: 'dramatic', spotlight: 'spotlight', spotlit: 'spotlight',
};

/** Words that shape a colour rather than name one. */
const TONES: Record<string, (hex: string) => string> = {
  pastel: (hex) => mix(hex, '#ffffff', 0.55),
  pale: (hex) => mix(hex, '#ffffff', 0.45),
  deep: (hex) => mix(hex, '#000000', 0.35),
  muted: (hex) => mix(hex, '#9a9a9a', 0.4),
  // Before a colour these are tones ("light blue"); alone they describe the lighting.
  light: (hex) => mix(hex, '#ffffff', 0.5),
  dark: (hex) => mix(hex, '#000000', 0.4),
};

const GRADIENT = new Set(['gradient', 'ombre', 'fade', 'fading', 'blend']);
const SWEEP = new Set(['studio', 'sweep', 'seamless', 'infinity', 'cyclorama']);
/** Words that carry no instruction of their own. */
const FILLER = new Set(['a', 'an', 'the', 'with', 'and', 'on', 'of', 'in', 'to', 'into', 'background', 'backdrop', 'surface', 'top', 'colour', 'color', 'tone', 'toned', 'look', 'style', 'lighting', 'light-ish', 'some', 'very', 'nice', 'clean', 'plain', 'simple']);

export function mix(a: string, b: string, t: number): string {
  const pa = parse(a);
  const pb = parse(b);
  return `#${pa.map((v, i) => Math.round(v + (pb[i]! - v) * t).toString(16).padStart(2, '0')).join('')}`;
}
const parse = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

export function parseBackdropDescription(text: string): ParsedBackdrop {
  const words = text.toLowerCase().normalize('NFKD').replace(/[^a-z\s-]/g, ' ').split(/[\s-]+/).filter(Boolean).slice(0, 40);
  const spec: BackdropSpec = { colours: [], gradient: false, texture: null, lighting: [], sweep: false };
  const used: string[] = [];
  const ignored: string[] = [];
  let tone: string | null = null;

  for (const [i, word] of words.entries()) {
    const beforeColour = (words[i + 1] ?? '') in COLOURS;
    if (word in TONES && (beforeColour || !(word in LIGHTING))) {
      tone = word;
      continue;
    }
    if (word in COLOURS) {
      spec.colours.push(tone ? TONES[tone]!(COLOURS[word]!) : COLOURS[word]!);
      used.push(tone ? `${tone} ${word}` : word);
      tone = null;
    } else if (word in TEXTURES) {
      if (!spec.texture) used.push(`${TEXTURES[word]} texture`);
      spec.texture ??= TEXTURES[word]!;
    } else if (word in LIGHTING) {
      const lighting = LIGHTING[word]!;
      if (!spec.lighting.includes(lighting)) {
        spec.lighting.push(lighting);
        used.push(`${lighting} light`);
      }
    } else if (GRADIENT.has(word)) {
      if (!spec.gradient) used.push('gradient');
      spec.gradient = true;
    } else if (SWEEP.has(word)) {
      if (!spec.sweep) used.push('studio sweep');
      spec.sweep = true;
    } else if (!FILLER.has(word)) {
      ignored.push(word);
    }
  }
  if (tone) ignored.push(tone);

  if (spec.colours.length === 0) spec.colours.push(spec.texture ? TEXTURE_COLOUR[spec.texture] : '#f2f2f2');
  if (spec.gradient && spec.colours.length === 1) spec.colours.push(mix(spec.colours[0]!, '#ffffff', 0.6));
  spec.colours = spec.colours.slice(0, spec.gradient ? 2 : 1);
  return { spec, used, ignored: [...new Set(ignored)] };
}
