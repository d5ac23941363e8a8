/**
 * Turns a background description ("rustic kitchen counter, morning light, blurred herbs") into a
 * scene the renderer can draw: a wall and, when the words name one, a surface the product stands
 * on, their materials and colours, the light (its colour, softness and the side it comes from),
 * props behind the product, and whether the background is out of focus. Like refine's custom
 * instruction, every word is accounted for: what it used and what it could not act on. The
 * vocabulary (VOCABULARY_SIZE words and phrases) covers surfaces, rooms, times of day, moods,
 * colours, light and props.
 */
export type Texture = 'marble' | 'wood' | 'concrete' | 'linen' | 'paper' | 'tile' | 'sand' | 'velvet' | 'brick' | 'terrazzo';
export type Lighting = 'warm' | 'cool' | 'soft' | 'bright' | 'dramatic' | 'spotlight';
export type LightSide = 'left' | 'right' | 'top' | 'back';
export type Prop = 'herbs' | 'flowers' | 'citrus' | 'leaves' | 'window' | 'bokeh';

export interface BackdropSpec {
  /** One colour: a flat or lit backdrop; two: a gradient from the first to the second. */
  colours: string[];
  gradient: boolean;
  /** The wall's material (or the whole backdrop's when there is no surface). */
  texture: Texture | null;
  lighting: Lighting[];
  /** A floor-to-wall studio sweep rather than a flat wall. */
  sweep: boolean;
  /** What the product stands on (a counter, a table), drawn in the lower part of the frame. */
  surface?: Texture | null;
  /** Where the light comes from; null for even light. */
  lightFrom?: LightSide | null;
  /** Things behind the product, drawn soft. */
  props?: Prop[];
  /** The background out of focus (shallow depth of field). */
  blurred?: boolean;
}

export interface ParsedBackdrop {
  spec: BackdropSpec;
  used: string[];
  ignored: string[];
}

const COLOURS: Record<string, string> = {
  white: '#ffffff', black: '#151515', grey: '#b8b8b8', gray: '#b8b8b8', silver: '#c9ccd1', charcoal: '#36393d', graphite: '#4a4d52', slate: '#6b7785',
  red: '#c62f2f', crimson: '#a4162b', cherry: '#a8182c', pink: '#ef8fb1', blush: '#f2c4c8', rose: '#e7a3b1', coral: '#f2806b', salmon: '#f29a84',
  orange: '#f08a24', peach: '#f6c3a2', apricot: '#f7b98b', yellow: '#f3d34a', lemon: '#f5e35a', gold: '#caa45a', golden: '#d4a94e', mustard: '#d3a62a',
  cream: '#f5eedc', ivory: '#f7f3e6', beige: '#e4d5b7', sand: '#d9c6a0', oat: '#e6dcc6', nude: '#e3c4a8', taupe: '#b09b86', tan: '#c8a27a',
  caramel: '#b87a3d', brown: '#7b5234', chocolate: '#5a3a22', espresso: '#3d2a1f', green: '#4f9a5a', mint: '#bfe8d2', sage: '#b5c4a8', olive: '#7d8040',
  emerald: '#1f8a5c', forest: '#2f5d3a', moss: '#6b7a3a', teal: '#2a8c8c', turquoise: '#3cc7c0', aqua: '#7fd8d4', blue: '#3d72c4', navy: '#1f2f57',
  sky: '#a9d3f2', powder: '#c6dcef', denim: '#4f6d92', cobalt: '#2350a0', cyan: '#5fd0e6', purple: '#7c4dbd', lavender: '#c9b8ea', lilac: '#c8a8d8',
  violet: '#8a5cc8', plum: '#6d3b5d', mauve: '#b58a9f', terracotta: '#c56b4a', rust: '#a4502c', burgundy: '#6e1f2e', wine: '#6a2232',
};

/** Materials: a surface when something stands on it, the wall's material otherwise. */
const TEXTURES: Record<string, Texture> = {
  marble: 'marble', marbled: 'marble', granite: 'terrazzo', terrazzo: 'terrazzo', quartz: 'marble', onyx: 'marble',
  wood: 'wood', wooden: 'wood', oak: 'wood', walnut: 'wood', pine: 'wood', birch: 'wood', teak: 'wood', maple: 'wood', ash: 'wood', driftwood: 'wood', bamboo: 'wood', plank: 'wood', planks: 'wood', timber: 'wood', butcher: 'wood',
  concrete: 'concrete', stone: 'concrete', cement: 'concrete', travertine: 'concrete', limestone: 'concrete', sandstone: 'concrete', plaster: 'concrete', stucco: 'concrete', pebble: 'concrete', rock: 'concrete',
  linen: 'linen', fabric: 'linen', cloth: 'linen', cotton: 'linen', canvas: 'linen', burlap: 'linen', tablecloth: 'linen', wool: 'linen',
  velvet: 'velvet', satin: 'velvet', silk: 'velvet',
  paper: 'paper', kraft: 'paper', cardboard: 'paper', parchment: 'paper',
  tile: 'tile', tiles: 'tile', tiled: 'tile', ceramic: 'tile', porcelain: 'tile', subway: 'tile',
  brick: 'brick', bricks: 'brick',
  dune: 'sand', dunes: 'sand',
};
/** A material's own colour when the description names none. */
const TEXTURE_COLOUR: Record<Texture, string> = {
  marble: '#eeeae6', wood: '#a9774a', concrete: '#b9b7b2', linen: '#e9e2d4', paper: '#efe9dd', tile: '#eef0f0', sand: '#e3d2ad', velvet: '#6d3b5d', brick: '#a45a45', terrazzo: '#e6e1da',
};

/** Words that put something under the product: a scene with a surface and a wall behind. */
const SURFACES = new Set(['counter', 'countertop', 'worktop', 'table', 'tabletop', 'desk', 'shelf', 'bench', 'windowsill', 'sill', 'vanity', 'floor', 'pedestal', 'plinth', 'podium', 'tray', 'board', 'island', 'bar', 'ledge', 'mantel', 'dresser', 'nightstand']);

/** Rooms and places: a surface, a wall, a light and sometimes props of their own. */
interface Place {
  surface: Texture;
  wall: string;
  lighting: Lighting[];
  lightFrom?: LightSide;
  props?: Prop[];
}
const PLACES: Record<string, Place> = {
  kitchen: { surface: 'wood', wall: '#efe6d6', lighting: ['warm'], lightFrom: 'left' },
  bathroom: { surface: 'marble', wall: '#eef0f0', lighting: ['cool', 'soft'] },
  bedroom: { surface: 'linen', wall: '#ece6dc', lighting: ['soft', 'warm'] },
  living: { surface: 'wood', wall: '#e8e1d6', lighting: ['soft'] },
  lounge: { surface: 'wood', wall: '#e8e1d6', lighting: ['soft', 'warm'] },
  office: { surface: 'wood', wall: '#e9eaec', lighting: ['bright'] },
  cafe: { surface: 'wood', wall: '#d9c7ad', lighting: ['warm'], props: ['bokeh'] },
  coffee: { surface: 'wood', wall: '#d9c7ad', lighting: ['warm'] },
  restaurant: { surface: 'wood', wall: '#c9b59a', lighting: ['warm', 'dramatic'], props: ['bokeh'] },
  bar: { surface: 'wood', wall: '#3d2a1f', lighting: ['dramatic', 'warm'], props: ['bokeh'] },
  garden: { surface: 'concrete', wall: '#c8d8b8', lighting: ['bright'], props: ['leaves'] },
  patio: { surface: 'concrete', wall: '#dfe6da', lighting: ['bright'], props: ['leaves'] },
  outdoor: { surface: 'concrete', wall: '#cfe0ea', lighting: ['bright'], props: ['leaves'] },
  outdoors: { surface: 'concrete', wall: '#cfe0ea', lighting: ['bright'], props: ['leaves'] },
  forest: { surface: 'wood', wall: '#9fb38f', lighting: ['soft'], props: ['leaves'] },
  beach: { surface: 'sand', wall: '#bfe1f2', lighting: ['bright', 'warm'] },
  spa: { surface: 'concrete', wall: '#e9e6df', lighting: ['soft'], props: ['leaves'] },
  boutique: { surface: 'marble', wall: '#f1ece6', lighting: ['soft', 'spotlight'] },
  gallery: { surface: 'concrete', wall: '#f4f4f2', lighting: ['spotlight'] },
  pantry: { surface: 'wood', wall: '#eee5d3', lighting: ['warm', 'soft'] },
  bakery: { surface: 'wood', wall: '#efe1c8', lighting: ['warm'] },
  market: { surface: 'wood', wall: '#d8c7a5', lighting: ['bright'], props: ['citrus'] },
  picnic: { surface: 'linen', wall: '#cfe3c1', lighting: ['bright'], props: ['leaves'] },
  nursery: { surface: 'linen', wall: '#f3e9e3', lighting: ['soft'] },
};
/** "Studio" alone keeps its meaning of a seamless sweep; as a room it needs a surface word with it. */
const SWEEP = new Set(['sweep', 'seamless', 'infinity', 'cyclorama', 'studio']);

/** Times of day: the light's colour, softness and side. */
const TIMES: Record<string, { lighting: Lighting[]; lightFrom: LightSide }> = {
  morning: { lighting: ['soft', 'warm', 'bright'], lightFrom: 'left' },
  sunrise: { lighting: ['warm', 'soft'], lightFrom: 'left' },
  dawn: { lighting: ['cool', 'soft'], lightFrom: 'left' },
  noon: { lighting: ['bright'], lightFrom: 'top' },
  midday: { lighting: ['bright'], lightFrom: 'top' },
  afternoon: { lighting: ['warm', 'bright'], lightFrom: 'right' },
  golden: { lighting: ['warm'], lightFrom: 'right' },
  sunset: { lighting: ['warm', 'dramatic'], lightFrom: 'right' },
  dusk: { lighting: ['cool', 'dramatic'], lightFrom: 'right' },
  evening: { lighting: ['warm', 'dramatic'], lightFrom: 'right' },
  twilight: { lighting: ['cool', 'dramatic'], lightFrom: 'back' },
  night: { lighting: ['dramatic', 'cool'], lightFrom: 'top' },
  candlelight: { lighting: ['warm', 'dramatic'], lightFrom: 'left' },
};

/** Moods: a light, a colour and a material each evokes. */
const MOODS: Record<string, { lighting: Lighting[]; colour?: string; texture?: Texture; gradient?: boolean }> = {
  cozy: { lighting: ['warm', 'soft'], texture: 'linen' }, cosy: { lighting: ['warm', 'soft'], texture: 'linen' },
  calm: { lighting: ['soft'], colour: '#dfe7ea' }, serene: { lighting: ['soft', 'cool'], colour: '#dce8ec' }, peaceful: { lighting: ['soft'] },
  fresh: { lighting: ['bright', 'cool'], colour: '#eef6f2' }, crisp: { lighting: ['bright'] }, clean: { lighting: ['bright'], colour: '#f7f7f7' },
  luxury: { lighting: ['dramatic', 'spotlight'], texture: 'marble', colour: '#2b2b2e' }, luxurious: { lighting: ['dramatic', 'spotlight'], texture: 'marble', colour: '#2b2b2e' },
  elegant: { lighting: ['soft', 'spotlight'], texture: 'marble' }, premium: { lighting: ['spotlight'], colour: '#2e2e30' }, opulent: { lighting: ['dramatic', 'warm'], texture: 'velvet' },
  minimal: { lighting: ['soft'], colour: '#f1f1ef' }, minimalist: { lighting: ['soft'], colour: '#f1f1ef' }, scandinavian: { lighting: ['bright', 'soft'], texture: 'wood', colour: '#f3efe8' },
  rustic: { lighting: ['warm'], texture: 'wood' }, farmhouse: { lighting: ['warm', 'soft'], texture: 'wood' }, industrial: { lighting: ['cool', 'dramatic'], texture: 'concrete' },
  natural: { lighting: ['soft'], texture: 'linen' }, organic: { lighting: ['soft', 'warm'], texture: 'linen' }, earthy: { lighting: ['warm'], colour: '#b08a64' },
  vintage: { lighting: ['warm', 'soft'], texture: 'paper' }, retro: { lighting: ['warm'], colour: '#e8c9a0' }, modern: { lighting: ['bright'], texture: 'concrete' },
  playful: { lighting: ['bright'], colour: '#f9c9d8', gradient: true }, bold: { lighting: ['dramatic'] }, vibrant: { lighting: ['bright'] },
  romantic: { lighting: ['soft', 'warm'], colour: '#f2c4c8' }, festive: { lighting: ['warm', 'spotlight'], colour: '#7a1f2b' }, dreamy: { lighting: ['soft'], gradient: true },
  summer: { lighting: ['bright', 'warm'], colour: '#f7e6b5' }, summery: { lighting: ['bright', 'warm'], colour: '#f7e6b5' }, winter: { lighting: ['cool', 'soft'], colour: '#e6eef5' },
  autumn: { lighting: ['warm'], colour: '#c98b4f' }, fall: { lighting: ['warm'], colour: '#c98b4f' }, spring: { lighting: ['bright', 'soft'], colour: '#dff0d8' },
  tropical: { lighting: ['bright', 'warm'], colour: '#bfe8d2' }, mediterranean: { lighting: ['bright', 'warm'], texture: 'tile', colour: '#f4efe6' }, zen: { lighting: ['soft'], texture: 'concrete' },
};

const LIGHTING: Record<string, Lighting> = {
  warm: 'warm', sunny: 'warm', sunlit: 'warm', cool: 'cool', cold: 'cool', icy: 'cool', soft: 'soft', diffused: 'soft', diffuse: 'soft', gentle: 'soft',
  bright: 'bright', airy: 'bright', light: 'bright', daylight: 'bright', natural: 'soft', dramatic: 'dramatic', moody: 'dramatic', dark: 'dramatic',
  spotlight: 'spotlight', spotlit: 'spotlight', lit: 'bright', glow: 'warm', glowing: 'warm', hard: 'dramatic', harsh: 'dramatic', dim: 'dramatic',
};
/** The side the light comes from. */
const SIDES: Record<string, LightSide> = { left: 'left', right: 'right', side: 'left', window: 'left', overhead: 'top', above: 'top', backlit: 'back', backlight: 'back', behind: 'back', rim: 'back' };

const PROPS: Record<string, Prop> = {
  herbs: 'herbs', herb: 'herbs', basil: 'herbs', rosemary: 'herbs', thyme: 'herbs', mint: 'herbs', parsley: 'herbs', greenery: 'herbs', plant: 'leaves', plants: 'leaves',
  leaves: 'leaves', leaf: 'leaves', foliage: 'leaves', palm: 'leaves', palms: 'leaves', fern: 'leaves', ferns: 'leaves', eucalyptus: 'leaves', monstera: 'leaves',
  flowers: 'flowers', flower: 'flowers', floral: 'flowers', petals: 'flowers', roses: 'flowers', peonies: 'flowers', blossom: 'flowers', blossoms: 'flowers', tulips: 'flowers',
  lemons: 'citrus', lemon: 'citrus', citrus: 'citrus', oranges: 'citrus', limes: 'citrus', fruit: 'citrus', fruits: 'citrus',
  bokeh: 'bokeh', lights: 'bokeh', fairy: 'bokeh', sparkle: 'bokeh', sparkles: 'bokeh', glitter: 'bokeh',
};
/** Words that ask for the background out of focus. */
const BLUR = new Set(['blurred', 'blurry', 'blur', 'bokeh', 'defocused', 'unfocused', 'shallow', 'dof', 'depth', 'dreamy', 'hazy', 'soft-focus']);

/** Words that shape a colour rather than name one. */
const TONES: Record<string, (hex: string) => string> = {
  pastel: (hex) => mix(hex, '#ffffff', 0.55),
  pale: (hex) => mix(hex, '#ffffff', 0.45),
  soft: (hex) => mix(hex, '#ffffff', 0.3),
  deep: (hex) => mix(hex, '#000000', 0.35),
  rich: (hex) => mix(hex, '#000000', 0.2),
  muted: (hex) => mix(hex, '#9a9a9a', 0.4),
  dusty: (hex) => mix(hex, '#a09a94', 0.35),
  // Before a colour these are tones ("light blue"); alone they describe the lighting.
  light: (hex) => mix(hex, '#ffffff', 0.5),
  dark: (hex) => mix(hex, '#000000', 0.4),
  warm: (hex) => mix(hex, '#ffb35c', 0.15),
  cool: (hex) => mix(hex, '#8fc2ff', 0.15),
};

const GRADIENT = new Set(['gradient', 'ombre', 'fade', 'fading', 'blend', 'gradual']);
/** Words that carry no instruction of their own. */
const FILLER = new Set([
  'a', 'an', 'the', 'with', 'and', 'on', 'of', 'in', 'to', 'into', 'at', 'by', 'from', 'for', 'some', 'very', 'nice', 'plain', 'simple', 'background', 'backdrop',
  'surface', 'top', 'colour', 'color', 'colours', 'colors', 'tone', 'toned', 'tones', 'look', 'style', 'styled', 'lighting', 'setting', 'scene', 'feel', 'vibe', 'vibes',
  'room', 'hour', 'time', 'focus', 'of-field', 'field', 'out', 'shot', 'photo', 'behind', 'beside', 'next', 'around', 'little', 'bit', 'slightly', 'lots',
]);

/** Every word and phrase the parser understands (the issue asks for at least 150). */
export const VOCABULARY_SIZE = new Set([
  ...Object.keys(COLOURS), ...Object.keys(TEXTURES), ...SURFACES, ...Object.keys(PLACES), ...Object.keys(TIMES), ...Object.keys(MOODS),
  ...Object.keys(LIGHTING), ...Object.keys(SIDES), ...Object.keys(PROPS), ...BLUR, ...Object.keys(TONES), ...GRADIENT, ...SWEEP,
]).size;

export function mix(a: string, b: string, t: number): string {
  const pa = parse(a);
  const pb = parse(b);
  return `#${pa.map((v, i) => Math.round(v + (pb[i]! - v) * t).toString(16).padStart(2, '0')).join('')}`;
}
const parse = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

export function parseBackdropDescription(text: string): ParsedBackdrop {
  const words = text.toLowerCase().normalize('NFKD').replace(/[^a-z\s-]/g, ' ').split(/[\s-]+/).filter(Boolean).slice(0, 60);
  const spec: BackdropSpec = { colours: [], gradient: false, texture: null, lighting: [], sweep: false, surface: null, lightFrom: null, props: [], blurred: false };
  const used: string[] = [];
  const ignored: string[] = [];
  let tone: string | null = null;
  let place: Place | null = null;
  let surfaceWord = false;
  const materials: Texture[] = [];
  /** Materials a mood suggests: used only when the words name none. */
  const moodMaterials: Texture[] = [];
  const moodColours: string[] = [];
  const note = (what: string) => {
    if (!used.includes(what)) used.push(what);
  };
  const light = (l: Lighting) => {
    if (!spec.lighting.includes(l)) spec.lighting.push(l);
  };

  for (const [i, word] of words.entries()) {
    const next = words[i + 1] ?? '';
    const beforeColour = next in COLOURS;
    if (word in TONES && (beforeColour || !(word in LIGHTING))) {
      tone = word;
      continue;
    }
    // A colour word that names a material or a plant in context ("sand", "mint", "slate", "olive oil" aside).
    if (word in COLOURS && !(word in TEXTURES && !beforeColour && spec.colours.length > 0) && !(word in PROPS && !tone)) {
      spec.colours.push(tone ? TONES[tone]!(COLOURS[word]!) : COLOURS[word]!);
      note(tone ? `${tone} ${word}` : word);
      tone = null;
    } else if (word === 'golden' && next === 'hour') {
      for (const l of TIMES.golden!.lighting) light(l);
      spec.lightFrom = TIMES.golden!.lightFrom;
      note('golden-hour light');
    } else if (word in TEXTURES) {
      materials.push(TEXTURES[word]!);
      note(`${TEXTURES[word]} texture`);
    } else if (SURFACES.has(word)) {
      surfaceWord = true;
      note(`${word} to stand on`);
    } else if (word in PLACES && !(word === 'bar' && place)) {
      place ??= PLACES[word]!;
      note(`${word} scene`);
    } else if (word in TIMES) {
      for (const l of TIMES[word]!.lighting) light(l);
      spec.lightFrom ??= TIMES[word]!.lightFrom;
      note(`${word} light`);
    } else if (word in MOODS) {
      const mood = MOODS[word]!;
      for (const l of mood.lighting) light(l);
      if (mood.texture) moodMaterials.push(mood.texture);
      if (mood.colour) moodColours.push(mood.colour);
      if (mood.gradient) spec.gradient = true;
      note(`${word} mood`);
    } else if (word in LIGHTING) {
      light(LIGHTING[word]!);
      note(`${LIGHTING[word]} light`);
    } else if (word in SIDES) {
      spec.lightFrom = SIDES[word]!;
      note(`light from the ${SIDES[word] === 'back' ? 'back' : SIDES[word]}`);
    } else if (word in PROPS) {
      const prop = PROPS[word]!;
      if (!spec.props!.includes(prop)) spec.props!.push(prop);
      note(`${prop} behind`);
    } else if (BLUR.has(word)) {
      spec.blurred = true;
      note('background out of focus');
    } else if (GRADIENT.has(word)) {
      spec.gradient = true;
      note('gradient');
    } else if (SWEEP.has(word)) {
      spec.sweep = true;
      note('studio sweep');
    } else if (!FILLER.has(word)) {
      ignored.push(word);
    }
  }
  if (tone) ignored.push(tone);
  if (materials.length === 0) materials.push(...moodMaterials.slice(0, 1));

  // A scene when something stands on something: a counter, a table, or a room that has one.
  const scene = surfaceWord || place !== null;
  if (scene) {
    spec.surface = materials[0] ?? place?.surface ?? 'wood';
    spec.texture = materials[1] ?? null;
    for (const l of place?.lighting ?? []) light(l);
    spec.lightFrom ??= place?.lightFrom ?? null;
    for (const p of place?.props ?? []) if (!spec.props!.includes(p)) spec.props!.push(p);
    if (spec.colours.length === 0) spec.colours.push(moodColours[0] ?? place?.wall ?? '#ece6dc');
    spec.sweep = false;
    // Props and a scene read as a photograph when what is behind is soft.
    if (spec.props!.length > 0) spec.blurred = true;
  } else {
    spec.texture = materials[0] ?? null;
    if (spec.colours.length === 0) spec.colours.push(moodColours[0] ?? (spec.texture ? TEXTURE_COLOUR[spec.texture] : '#f2f2f2'));
  }
  if (spec.gradient && spec.colours.length === 1) spec.colours.push(mix(spec.colours[0]!, '#ffffff', 0.6));
  spec.colours = spec.colours.slice(0, spec.gradient ? 2 : 1);
  return { spec, used, ignored: [...new Set(ignored)] };
}

/** A material's own colour. */
export const textureColour = (texture: Texture) => TEXTURE_COLOUR[texture];
