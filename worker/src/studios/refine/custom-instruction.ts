/**
 * Turns a user's free-text instruction ("make it more vibrant, add vintage effect, improve
 * lighting") into concrete adjustments through a small rule table. Every word is accounted for:
 * what a rule acted on is listed in `applied`, what none could is returned in `ignored`.
 */
export interface Adjustments {
  saturation: number;
  brightness: number;
  contrast: number;
  /** −1 (cool) … +1 (warm). */
  warmth: number;
  /** 0 … 1 blend toward sepia. */
  sepia: number;
  mono: boolean;
  /** Lifted blacks / softened whites, 0 … 1. */
  fade: number;
  sharpen: number;
  soften: number;
  denoise: boolean;
  /** Dark corners or edges to lift, where the words put them; null when none were asked for. */
  vignette: Region | null;
  /** Sharpening only where there is fine detail (a label's text, a logo), flat areas untouched. */
  textDetail: boolean;
}

/** Where in the frame a local edit works: a side (x or y), a corner (both), or every edge (neither). */
export interface Region {
  /** −1 left, 1 right, 0 either. */
  x: -1 | 0 | 1;
  /** −1 top, 1 bottom, 0 either. */
  y: -1 | 0 | 1;
}

export const NEUTRAL: Adjustments = {
  saturation: 1, brightness: 1, contrast: 1, warmth: 0, sepia: 0, mono: false, fade: 0, sharpen: 0, soften: 0, denoise: false, vignette: null, textDetail: false,
};

/** "the right corner", "top left", "at the bottom": the region a local edit's words name. */
export function regionOf(clause: string): Region {
  const x = /\bleft\b/.test(clause) ? -1 : /\bright\b(?!\s+(now|away))/.test(clause) ? 1 : 0;
  const y = /\b(top|upper)\b/.test(clause) ? -1 : /\b(bottom|lower)\b/.test(clause) ? 1 : 0;
  return { x, y };
}

export function describeRegion({ x, y }: Region): string {
  if (x === 0 && y === 0) return 'every edge';
  const side = [y === -1 ? 'top' : y === 1 ? 'bottom' : '', x === -1 ? 'left' : x === 1 ? 'right' : ''].filter(Boolean).join(' ');
  return x !== 0 && y !== 0 ? `the ${side} corner` : `the ${side} side`;
}

/** Dark corners or edges: "remove the dark vignette in the right corner", "brighten the dark corners". */
const VIGNETTE = /\b(vignett\w*|dark(er)?\s+(corners?|edges?|sides?))\b/;
/** Words of a vignette clause that say what to do and where, consumed with it. */
const VIGNETTE_WORDS = /\b(remove|fix|lift|lighten|brighten|reduce|get\s+rid\s+of|even\s+out|the|a|dark|darker|heavy|strong|vignett\w*|corners?|edges?|sides?|in|on|at|of|top|bottom|upper|lower|left|right)\b/g;
/** A label, its text or a logo: sharpening that should reach fine detail and leave flat areas alone. */
const TEXT_DETAIL = /\b(labels?|text|texts|lettering|letters|logos?|writing|print|fine\s+print|barcode|words)\b/;
const SHARPEN_WORD = /\b(sharp\w*|crisp\w*|clear\w*|legible|readable|clarity|focus\w*|detail\w*)\b/;

export interface ParsedInstruction {
  adjustments: Adjustments;
  applied: string[];
  ignored: string[];
}

type Apply = (a: Adjustments, k: number) => string;

interface Rule {
  pattern: RegExp;
  /** `k` is the intensity: 1 normally, 1.6 for "very", 0.5 for "slightly", negative after "less". */
  apply: Apply;
  /** "less X" flips the direction (otherwise "less" only weakens). */
  invertible?: boolean;
}

const pct = (f: number) => `${f >= 1 ? '+' : '−'}${Math.round(Math.abs(f - 1) * 100)}%`;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const scale = (base: number, k: number) => (k >= 0 ? 1 + base * k : 1 / (1 + base * -k));

const saturate = (base: number): Apply => (a, k) => {
  const f = scale(base, k);
  a.saturation = clamp(a.saturation * f, 0.2, 2);
  return `saturation ${pct(f)}`;
};
const brighten = (base: number): Apply => (a, k) => {
  const f = scale(base, k);
  a.brightness = clamp(a.brightness * f, 0.5, 1.6);
  return `brightness ${pct(f)}`;
};
const contrast = (base: number): Apply => (a, k) => {
  const f = scale(base, k);
  a.contrast = clamp(a.contrast * f, 0.5, 1.8);
  return `contrast ${pct(f)}`;
};
const warm = (sign: 1 | -1): Apply => (a, k) => {
  a.warmth = clamp(a.warmth + sign * 0.6 * k, -1.5, 1.5);
  return sign * k > 0 ? 'warm tone' : 'cool tone';
};

const DENOISE: Rule = {
  pattern: /\b((remove|reduce|less|clean\s*up|get\s*rid\s*of)\s+(the\s+)?(noise|grain)|de-?nois(e|ed|ing)|noisy|grainy|grain|noise|clean|cleaner)\b/,
  apply: (a) => ((a.denoise = true), 'noise reduction'),
};

/** Edits of objects (remove a person, change the background) need a generative model we do not run. */
const OBJECT_EDIT = /\b(background|backdrop|remove|erase|delete|replace)\b/;

/** The rule table: first the specific phrases, then single words. Order matters within a clause. */
export const RULES: Rule[] = [
  DENOISE,
  { pattern: /\b(black\s*(and|&|n)\s*white|b\s*[&/]\s*w|monochrome|mono|gr[ae]y\s*scale|noir)\b/, apply: (a) => ((a.mono = true), 'black and white') },
  { pattern: /\b(improve|better|fix|more|enhance)\s+(the\s+)?(lighting|light|exposure)\b/, apply: (a, k) => `${brighten(0.1)(a, k)}, ${contrast(0.06)(a, k)} (improved lighting)` },
  { pattern: /\bsepia\b/, apply: (a, k) => ((a.sepia = clamp(a.sepia + 0.8 * k, 0, 1)), 'sepia tone') },
  {
    pattern: /\b(vintage|retro|old[\s-]*(school|fashioned|photo|film)?|film|nostalgic|analog(ue)?|faded)\b/,
    apply: (a, k) => {
      a.sepia = clamp(a.sepia + 0.35 * k, 0, 1);
      a.fade = clamp(a.fade + 0.8 * k, 0, 1);
      a.warmth = clamp(a.warmth + 0.3 * k, -1.5, 1.5);
      a.saturation = clamp(a.saturation * 0.9, 0.2, 2);
      return 'vintage: sepia tint, faded blacks, warmer, saturation −10%';
    },
  },
  { pattern: /\b(vibrant|vivid|saturated?|saturation|colou?rful|colou?rs?|richer|rich)\b/, apply: saturate(0.25), invertible: true },
  { pattern: /\b(muted|desaturated?|subdued|washed[\s-]*out|pastel)\b/, apply: saturate(-0.3) },
  { pattern: /\b(warm|warmer|warmth|golden|sunny|sunset)\b/, apply: warm(1), invertible: true },
  { pattern: /\b(cool|cooler|cold|colder|icy|bluish)\b/, apply: warm(-1), invertible: true },
  { pattern: /\b(bright|brighter|brighten|brightness|lighten|lighter|lighting|light|exposure|illuminated?)\b/, apply: brighten(0.12), invertible: true },
  { pattern: /\b(dark|darker|darken|moody|dim|dimmer)\b/, apply: brighten(-0.12), invertible: true },
  { pattern: /\b(contrast|contrasty|punchy|punchier|dramatic|pop)\b/, apply: contrast(0.2), invertible: true },
  { pattern: /\b(flat|flatter|low[\s-]*contrast)\b/, apply: contrast(-0.15) },
  {
    pattern: /\b(sharp|sharper|sharpen|sharpened|crisp|crisper|detail|details|detailed|clear|clearer|clarity|focus|focused)\b/,
    apply: (a, k) => ((a.sharpen = clamp(a.sharpen + 1.2 * Math.abs(k), 0, 3)), 'sharpening'),
  },
  {
    pattern: /\b(soft|softer|soften|dreamy|dreamier|glow|glowing|hazy|blur|blurry)\b/,
    apply: (a, k) => {
      a.soften = clamp(a.soften + 1.5 * Math.abs(k), 0, 4);
      a.brightness = clamp(a.brightness * 1.04, 0.5, 1.6);
      return 'soft focus glow';
    },
  },
  {
    pattern: /\b(enhance|enhanced|improve|improved|better|professional|polish(ed)?|nicer|quality|pro)\b/,
    apply: (a, k) => {
      contrast(0.08)(a, k);
      saturate(0.08)(a, k);
      a.sharpen = clamp(a.sharpen + 0.6, 0, 3);
      return 'overall enhancement (contrast +8%, saturation +8%, light sharpening)';
    },
  },
];

const STRONG = /\b(very|much|lots?|extra|super|really|strongly|heavily|way|significantly|extremely|highly)\b/;
const SLIGHT = /\b(slightly|slight|bit|little|subtle|subtly|touch|gently|gentle|somewhat|mildly|mild)\b/;
const LESS = /\b(less|reduce|lower|decrease|tone\s+down|not\s+(so|too))\b/;

const FILLER = new Set(
  ('a an the it its it\'s this that these my me i we you please make add give apply use turn put set want would like could can ' +
    'and or but then also plus with while keep just so too more most less reduce lower decrease increase boost raise up down ' +
    'effect effects look looking looks style styled tone toned tones feel feeling vibe image photo picture pic shot product ' +
    'of to in on for at by be is are as overall some bit little slightly slight very much lot lots extra super really touch ' +
    'strongly heavily way significantly extremely highly subtle subtly gently gentle somewhat mildly mild not version').split(/\s+/),
);

/** Whatever of a clause no rule consumed and that carries meaning. */
function leftover(clause: string): string {
  return clause
    .split(/[^a-z0-9'&/-]+/)
    .filter((w) => w && !FILLER.has(w) && !/^\d+%?$/.test(w))
    .join(' ');
}

/** Splits the instruction into clauses: commas, full stops, semicolons, "and", "then", "&", "+". */
function clauses(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/black\s*(and|&|n)\s*white/g, 'black-white')
    .split(/[,.;!\n+]|\band\b|\bthen\b|\balso\b|\bplus\b|\bwith\b/)
    .map((c) => c.replace(/black-white/g, 'black and white').trim())
    .filter(Boolean);
}

export function parseInstruction(text: string): ParsedInstruction {
  const adjustments: Adjustments = { ...NEUTRAL };
  const applied: string[] = [];
  const ignored: string[] = [];
  for (const clause of clauses(text)) {
    // Local edits first: "remove the dark vignette" is not an object to remove.
    if (VIGNETTE.test(clause)) {
      const region = regionOf(clause);
      adjustments.vignette = region;
      const label = `dark ${region.x === 0 && region.y === 0 ? 'vignette' : 'corner'} lifted at ${describeRegion(region)}`;
      if (!applied.includes(label)) applied.push(label);
      const unknown = leftover(clause.replace(VIGNETTE_WORDS, ' '));
      if (unknown) ignored.push(unknown);
      continue;
    }
    if (TEXT_DETAIL.test(clause) && (SHARPEN_WORD.test(clause) || !RULES.some((r) => r.pattern.test(clause)))) {
      adjustments.textDetail = true;
      const label = 'label text made crisper (fine detail sharpened, flat areas untouched)';
      if (!applied.includes(label)) applied.push(label);
      const rest = clause.replace(new RegExp(TEXT_DETAIL.source, 'g'), ' ').replace(new RegExp(SHARPEN_WORD.source, 'g'), ' ');
      const unknown = leftover(rest.replace(/\b(fix|improve|enhance|better)\b/g, ' '));
      if (unknown) ignored.push(unknown);
      continue;
    }
    if (OBJECT_EDIT.test(clause) && !DENOISE.pattern.test(clause)) {
      ignored.push(clause);
      continue;
    }
    const k = STRONG.test(clause) ? 1.6 : SLIGHT.test(clause) ? 0.5 : 1;
    const less = LESS.test(clause);
    let rest = clause;
    for (const rule of RULES) {
      const match = rule.pattern.exec(rest);
      if (!match) continue;
      const label = rule.apply(adjustments, less && rule.invertible ? -k : k);
      if (!applied.includes(label)) applied.push(label);
      rest = rest.replace(new RegExp(rule.pattern.source, 'g'), ' ');
    }
    const unknown = leftover(rest);
    if (unknown) ignored.push(unknown);
  }
  return { adjustments, applied, ignored };
}
