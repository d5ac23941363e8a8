import sharp from 'sharp';
import { prng } from '../../image/prng.js';
import { mix, textureColour, type BackdropSpec, type Lighting, type LightSide, type Prop, type Texture } from './backdrop-words.js';

/**
 * Draws a backdrop as an RGB PNG of the output size.
 * - Materials are procedural, computed per pixel from layered value noise with domain warping:
 *   wood grain that bends around knots, marble veins, concrete with pores, linen weave, paper,
 *   tiles with grout, sand ripples, velvet sheen, brick courses, terrazzo chips. They are made at
 *   up to 1024 px and enlarged: surfaces are soft by nature.
 * - A scene (a counter, a table, a room) is a wall above a surface seen at an angle (the texture
 *   foreshortened toward the horizon), with props behind the product and the wall and the far
 *   surface out of focus when the words ask for it or props are there.
 * - Light: colour (warm, cool), softness, drama, and the side it comes from (a window's patch on
 *   the wall, a falloff across the frame).
 */
export function renderBackdrop(spec: BackdropSpec, width: number, height: number): Promise<Buffer> {
  // The drawing is a pure function of the words and the size: a batch of photos on one described
  // backdrop (the same options for every photo) draws it once.
  const key = `${width}x${height} ${JSON.stringify(spec)}`;
  const kept = recent.get(key);
  if (kept) {
    recent.delete(key);
    recent.set(key, kept);
    return kept;
  }
  const drawing = renderAtSize(spec, width, height);
  recent.set(key, drawing);
  drawing.catch(() => recent.delete(key));
  for (const oldest of recent.keys()) {
    if (recent.size <= RECENT_BACKDROPS) break;
    recent.delete(oldest);
  }
  return drawing;
}

/** The last few backdrops drawn (PNG, a few MB each at 2000 px). */
const recent = new Map<string, Promise<Buffer>>();
const RECENT_BACKDROPS = 4;

async function renderAtSize(spec: BackdropSpec, width: number, height: number): Promise<Buffer> {
  // A described scene holds no detail finer than its materials, which are drawn at up to SCENE_SIDE
  // px and enlarged: the whole scene is drawn at that size and enlarged once, rather than every
  // layer (wall, surface, props, their blurs) drawn, blurred and encoded at the output's full size.
  const scale = Math.min(1, SCENE_SIDE / Math.max(width, height));
  if (scale < 1 && (spec.surface || spec.texture)) {
    const small = await drawBackdrop(spec, Math.max(2, Math.round(width * scale)), Math.max(2, Math.round(height * scale)));
    return sharp(small).resize(width, height, { fit: 'fill', kernel: 'cubic' }).png({ compressionLevel: 1 }).toBuffer();
  }
  return drawBackdrop(spec, width, height);
}

/** The largest side a described scene is drawn at (its materials' own limit). */
const SCENE_SIDE = 1024;

async function drawBackdrop(spec: BackdropSpec, width: number, height: number): Promise<Buffer> {
  const base = spec.colours[0] ?? '#f2f2f2';
  const layers: sharp.OverlayOptions[] = [];
  let canvas: sharp.Sharp;

  if (spec.surface) {
    // A scene: the wall above the horizon, the surface below it.
    const horizon = Math.round(height * 0.6);
    const wall = spec.texture ? await material(spec.texture, base, width, horizon, 1) : await flat(spec, width, horizon);
    const wallLayers: sharp.OverlayOptions[] = [];
    const props = propsSvg(spec.props ?? [], width, horizon);
    if (props) wallLayers.push({ input: props });
    let wallImage = await sharp(wall).composite(wallLayers).png().toBuffer();
    if (spec.blurred) wallImage = await sharp(wallImage).blur(Math.max(1, width * 0.012)).png().toBuffer();
    const surfaceColour = spec.colours.length > 1 ? spec.colours[1]! : textureColour(spec.surface);
    // Foreshortened: the texture is made three times as deep and squeezed into the surface's height.
    const depth = height - horizon;
    const surfaceRaw = await material(spec.surface, surfaceColour, width, depth * 3, 1);
    let surface = await sharp(surfaceRaw).resize(width, depth, { fit: 'fill' }).png().toBuffer();
    if (spec.blurred) surface = await farBlur(surface, width, depth, Math.max(1, width * 0.008));
    canvas = sharp({ create: { width, height, channels: 3, background: '#ffffff' } });
    layers.push({ input: wallImage, left: 0, top: 0 }, { input: surface, left: 0, top: horizon });
    // Where surface meets wall: a soft shadow line above, the lit front edge of the surface below.
    layers.push({ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs>
      <linearGradient id="seam" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.16"/></linearGradient>
      <linearGradient id="front" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.12"/><stop offset="0.5" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.14"/></linearGradient></defs>
      <rect y="${horizon - height * 0.05}" width="${width}" height="${height * 0.05}" fill="url(#seam)"/>
      <rect y="${horizon}" width="${width}" height="${depth}" fill="url(#front)"/></svg>`) });
  } else if (spec.texture) {
    canvas = sharp(await material(spec.texture, base, width, height, 1));
  } else {
    canvas = sharp(await flat(spec, width, height));
  }
  if (spec.sweep && !spec.surface) layers.push({ input: svg(width, height, sweepOverlay()) });
  const light = await lightLayer(spec.lighting, spec.lightFrom ?? null, width, height);
  if (light) layers.push({ input: light });
  return canvas.composite(layers).flatten({ background: '#ffffff' }).removeAlpha().png({ compressionLevel: 1 }).toBuffer();
}

const svg = (width: number, height: number, body: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`);

/** A flat colour, or a top-to-bottom gradient between the two colours. */
async function flat(spec: BackdropSpec, width: number, height: number): Promise<Buffer> {
  const [from, to] = spec.colours;
  const body = spec.gradient && to
    ? `<defs><linearGradient id="base" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#base)"/>`
    : `<rect width="100%" height="100%" fill="${from ?? '#ffffff'}"/>`;
  return sharp(svg(width, height, body)).flatten({ background: '#ffffff' }).png({ compressionLevel: 1 }).toBuffer();
}

/** The far part of a surface (its top) out of focus, the near part sharp. */
async function farBlur(surface: Buffer, width: number, height: number, sigma: number): Promise<Buffer> {
  const blurred = await sharp(surface).blur(sigma).removeAlpha().raw().toBuffer();
  const alpha = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) alpha.fill(Math.round(255 * Math.max(0, 1 - y / (height * 0.6))), y * width, (y + 1) * width);
  const over = await sharp(blurred, { raw: { width, height, channels: 3 } }).joinChannel(alpha, { raw: { width, height, channels: 1 } }).png().toBuffer();
  return sharp(surface).composite([{ input: over }]).png().toBuffer();
}

/** Floor meets wall in a soft curve: darker at the top and at the very bottom, brightest behind the product. */
function sweepOverlay(): string {
  return `<defs><linearGradient id="sweep" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#000" stop-opacity="0.10"/><stop offset="0.55" stop-color="#fff" stop-opacity="0.18"/>
      <stop offset="0.78" stop-color="#fff" stop-opacity="0.05"/><stop offset="1" stop-color="#000" stop-opacity="0.12"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#sweep)"/>`;
}

const TINT: Record<Lighting, string> = {
  warm: '<rect width="100%" height="100%" fill="#ffb35c" fill-opacity="0.10"/>',
  cool: '<rect width="100%" height="100%" fill="#8fc2ff" fill-opacity="0.10"/>',
  soft: '<radialGradient id="l-soft" cx="0.5" cy="0.4" r="0.9"><stop offset="0" stop-color="#fff" stop-opacity="0.16"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient><rect width="100%" height="100%" fill="url(#l-soft)"/>',
  bright: '<radialGradient id="l-bright" cx="0.5" cy="0.35" r="1"><stop offset="0" stop-color="#fff" stop-opacity="0.28"/><stop offset="1" stop-color="#fff" stop-opacity="0.06"/></radialGradient><rect width="100%" height="100%" fill="url(#l-bright)"/>',
  dramatic: '<radialGradient id="l-dramatic" cx="0.5" cy="0.5" r="0.75"><stop offset="0.3" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.5"/></radialGradient><rect width="100%" height="100%" fill="url(#l-dramatic)"/>',
  spotlight: '<radialGradient id="l-spot" cx="0.5" cy="0.55" r="0.55"><stop offset="0" stop-color="#fff" stop-opacity="0.3"/><stop offset="0.6" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.3"/></radialGradient><rect width="100%" height="100%" fill="url(#l-spot)"/>',
};

/** The light: its colour and softness, and from a side a falloff across the frame and a window's patch on the wall. */
function lightSvg(lighting: Lighting[], from: LightSide | null, width: number, height: number): Buffer | null {
  let body = lighting.map((l) => TINT[l]).join('');
  if (from === 'left' || from === 'right') {
    const [x1, x2] = from === 'left' ? [0, 1] : [1, 0];
    const warm = lighting.includes('warm') ? '#fff1dc' : '#ffffff';
    body += `<linearGradient id="side" x1="${x1}" y1="0" x2="${x2}" y2="0"><stop offset="0" stop-color="${warm}" stop-opacity="0.26"/><stop offset="0.55" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.14"/></linearGradient><rect width="100%" height="100%" fill="url(#side)"/>`;
    // A window's light falling on the wall: a slanted, soft-edged patch on the lit side.
    const x = from === 'left' ? width * 0.08 : width * 0.62;
    const skew = from === 'left' ? width * 0.12 : -width * 0.12;
    body += `<filter id="soft"><feGaussianBlur stdDeviation="${width * 0.03}"/></filter><path d="M${x} ${height * 0.05} h${width * 0.3} l${skew} ${height * 0.5} h${-width * 0.3} z" fill="${warm}" fill-opacity="0.22" filter="url(#soft)"/>`;
  } else if (from === 'back') {
    body += `<radialGradient id="back" cx="0.5" cy="0.3" r="0.6"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient><rect width="100%" height="100%" fill="url(#back)"/>`;
  } else if (from === 'top') {
    body += `<linearGradient id="top" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.2"/><stop offset="1" stop-color="#000" stop-opacity="0.08"/></linearGradient><rect width="100%" height="100%" fill="url(#top)"/>`;
  }
  return body ? svg(width, height, `<defs></defs>${body}`) : null;
}

/**
 * The light as a layer of the output size. Light is smooth (gradients and a blurred window patch),
 * so it is drawn at up to 1024 px and enlarged: a wide blur drawn at full size is most of a large
 * backdrop's time.
 */
async function lightLayer(lighting: Lighting[], from: LightSide | null, width: number, height: number): Promise<Buffer | null> {
  const scale = Math.min(1, 1024 / Math.max(width, height));
  const w = Math.max(2, Math.round(width * scale));
  const h = Math.max(2, Math.round(height * scale));
  const light = lightSvg(lighting, from, w, h);
  if (!light) return null;
  if (scale === 1) return light;
  // Drawn first at the small size: sharp would otherwise draw an SVG at the size it is enlarged to.
  const small = await sharp(light).png({ compressionLevel: 1 }).toBuffer();
  return sharp(small).resize(width, height, { fit: 'fill', kernel: 'cubic' }).png({ compressionLevel: 1 }).toBuffer();
}

/** Things behind the product, standing on the horizon at the sides (the product stands in the middle). */
function propsSvg(props: Prop[], width: number, horizon: number): Buffer | null {
  if (props.length === 0) return null;
  const shapes: string[] = [];
  const rand = prng(props.length * 97 + width);
  for (const [n, prop] of props.entries()) {
    const sides = n % 2 === 0 ? [0.14, 0.86] : [0.3, 0.7];
    for (const cx of sides) {
      const x = cx * width;
      if (prop === 'herbs' || prop === 'leaves') {
        // A pot and a cluster of leaves rising from it.
        const potW = width * 0.09;
        shapes.push(`<path d="M${x - potW / 2} ${horizon - width * 0.09} h${potW} l${-potW * 0.12} ${width * 0.09} h${-potW * 0.76} z" fill="#b86b4b"/>`);
        const count = prop === 'herbs' ? 26 : 12;
        for (let i = 0; i < count; i++) {
          const a = (rand() - 0.5) * Math.PI * 0.9;
          const r = width * (0.05 + rand() * 0.12);
          const lx = x + Math.sin(a) * r * 0.8;
          const ly = horizon - width * 0.09 - Math.cos(a) * r;
          const size = width * (prop === 'herbs' ? 0.018 + rand() * 0.014 : 0.04 + rand() * 0.03);
          const green = mix('#4c7a35', '#8fb35a', rand());
          shapes.push(`<ellipse cx="${lx}" cy="${ly}" rx="${size}" ry="${size * 0.55}" transform="rotate(${(a * 180) / Math.PI + 90} ${lx} ${ly})" fill="${green}"/>`);
        }
      } else if (prop === 'flowers') {
        shapes.push(`<rect x="${x - width * 0.03}" y="${horizon - width * 0.14}" width="${width * 0.06}" height="${width * 0.14}" rx="${width * 0.01}" fill="#dfe7ea" fill-opacity="0.8"/>`);
        for (let i = 0; i < 9; i++) shapes.push(`<circle cx="${x + (rand() - 0.5) * width * 0.14}" cy="${horizon - width * (0.16 + rand() * 0.1)}" r="${width * (0.015 + rand() * 0.015)}" fill="${mix('#f2a7bd', '#ffffff', rand() * 0.6)}"/>`);
      } else if (prop === 'citrus') {
        for (let i = 0; i < 4; i++) shapes.push(`<circle cx="${x + (i - 1.5) * width * 0.035}" cy="${horizon - width * 0.025}" r="${width * 0.025}" fill="${i % 2 ? '#f3c623' : '#f5d94a'}"/>`);
      } else if (prop === 'window') {
        shapes.push(`<rect x="${x - width * 0.12}" y="${horizon * 0.1}" width="${width * 0.24}" height="${horizon * 0.6}" fill="#ffffff" fill-opacity="0.5"/>`);
      } else if (prop === 'bokeh') {
        for (let i = 0; i < 10; i++) shapes.push(`<circle cx="${x + (rand() - 0.5) * width * 0.25}" cy="${horizon * (0.15 + rand() * 0.6)}" r="${width * (0.012 + rand() * 0.02)}" fill="#fff4d6" fill-opacity="${0.35 + rand() * 0.3}"/>`);
      }
    }
  }
  return svg(width, horizon, shapes.join(''));
}

// Procedural materials --------------------------------------------------------------------------

/** Smooth value noise in [0, 1] over a 256-cell lattice. */
function valueNoise(seed: number): (x: number, y: number) => number {
  const rand = prng(seed);
  const table = Float32Array.from({ length: 256 * 256 }, () => rand());
  const at = (x: number, y: number) => table[((y & 255) << 8) | (x & 255)]!;
  return (x, y) => {
    const x0 = Math.floor(x);
    const y0 = Math.floor(y);
    const fx = x - x0;
    const fy = y - y0;
    const sx = fx * fx * (3 - 2 * fx);
    const sy = fy * fy * (3 - 2 * fy);
    const a = at(x0, y0) + (at(x0 + 1, y0) - at(x0, y0)) * sx;
    const b = at(x0, y0 + 1) + (at(x0 + 1, y0 + 1) - at(x0, y0 + 1)) * sx;
    return a + (b - a) * sy;
  };
}

/** Fractal sum of octaves, in [0, 1]. */
function fbm(noise: (x: number, y: number) => number, x: number, y: number, octaves: number): number {
  let sum = 0;
  let amp = 0.5;
  let norm = 0;
  for (let o = 0; o < octaves; o++) {
    sum += amp * noise(x, y);
    norm += amp;
    x *= 2.03;
    y *= 2.03;
    amp *= 0.5;
  }
  return sum / norm;
}

/** A material's shade at a point: −1 (darkest) … 1 (lightest) around its colour. */
type Shade = (u: number, v: number) => number;

function shader(texture: Texture, aspect: number): Shade {
  const n = valueNoise(texture.length * 7919 + 17);
  const m = valueNoise(texture.length * 104729 + 3);
  switch (texture) {
    case 'wood':
      return (u, v) => {
        // Grain along x, bent by a slow warp (knots and waves), rings from the distance to a centre far away.
        const warp = fbm(n, u * 2, v * 6, 4) * 3;
        const rings = Math.sin((v * 42 + warp * 4 + fbm(m, u * 0.6, v * 3, 2) * 6) * Math.PI);
        const fibre = fbm(m, u * 60, v * 900, 2) - 0.5;
        const plank = Math.abs(((v * 5) % 1) - 0.5) > 0.49 ? -0.9 : 0;
        return 0.35 * rings + 0.6 * fibre + plank + (fbm(n, u * 3, v * 3, 3) - 0.5) * 0.5;
      };
    case 'marble':
      return (u, v) => {
        // Veins: the crests of a slow wave pushed around by turbulence, a few strong and many faint.
        const t = (fbm(n, u * 2.5, v * 2.5, 6) - 0.5) * 3;
        const vein = 1 - Math.abs(Math.sin((u * 2.2 + v * 1.4 + t) * Math.PI * 0.5));
        const fine = 1 - Math.abs(Math.sin((u * 3.5 - v * 2.2 + (fbm(m, u * 3, v * 3, 5) - 0.5) * 3) * Math.PI));
        return 0.3 - Math.pow(vein, 10) * 1.1 - Math.pow(fine, 18) * 0.4 + (fbm(m, u * 2, v * 2, 4) - 0.5) * 0.35;
      };
    case 'concrete':
    case 'sand':
      return (u, v) => {
        const cloud = fbm(n, u * 4, v * 4 * aspect, 5) - 0.5;
        const pores = n(u * 700, v * 700 * aspect) > 0.93 ? -0.8 : 0;
        const ripple = texture === 'sand' ? Math.sin((v * 60 + fbm(m, u * 3, v * 3, 3) * 6) * Math.PI) * 0.18 : 0;
        return cloud * 0.9 + pores + (m(u * 300, v * 300 * aspect) - 0.5) * 0.35 + ripple;
      };
    case 'linen':
      return (u, v) => {
        const warp = Math.sin(u * 1400 * Math.PI + (m(u * 20, v * 900) - 0.5) * 2);
        const weft = Math.sin(v * 1400 * aspect * Math.PI + (m(u * 900, v * 20) - 0.5) * 2);
        return 0.22 * warp * weft + (fbm(n, u * 6, v * 6, 4) - 0.5) * 0.5 + (n(u * 200, v * 4) - 0.5) * 0.25;
      };
    case 'velvet':
      return (u, v) => (fbm(n, u * 2, v * 2, 4) - 0.5) * 1.4 + (m(u * 500, v * 500) - 0.5) * 0.1;
    case 'paper':
      return (u, v) => (fbm(n, u * 8, v * 8, 5) - 0.5) * 0.5 + (m(u * 600, v * 600 * aspect) - 0.5) * 0.25;
    case 'tile':
      return (u, v) => {
        const cols = 8;
        const gu = (u * cols) % 1;
        const gv = (v * cols * aspect) % 1;
        const grout = gu < 0.025 || gv < 0.025 ? -0.7 : 0;
        return grout + (fbm(n, u * 5, v * 5, 3) - 0.5) * 0.25 + (gu > 0.85 || gv > 0.85 ? 0.12 : 0);
      };
    case 'brick':
      return (u, v) => {
        const row = Math.floor(v * 14 * aspect);
        const bu = (u * 6 + (row % 2) * 0.5) % 1;
        const bv = (v * 14 * aspect) % 1;
        const mortar = bu < 0.03 || bv < 0.08 ? 0.8 : 0;
        const brick = (n(Math.floor(u * 6 + (row % 2) * 0.5) * 7.1, row * 3.3) - 0.5) * 0.6;
        return mortar + (mortar ? 0 : brick) + (fbm(m, u * 40, v * 40, 3) - 0.5) * 0.4;
      };
    case 'terrazzo':
      return (u, v) => {
        const chip = n(u * 90, v * 90 * aspect);
        const chipShade = chip > 0.78 ? -0.8 : chip < 0.12 ? 0.5 : 0;
        return chipShade + (fbm(m, u * 5, v * 5, 3) - 0.5) * 0.3;
      };
  }
}

/** A material in its colour, `strength` scaling its contrast, as a PNG of the size asked. */
async function material(texture: Texture, colour: string, width: number, height: number, strength: number): Promise<Buffer> {
  const scale = Math.min(1, SCENE_SIDE / Math.max(width, height));
  const w = Math.max(2, Math.round(width * scale));
  const h = Math.max(2, Math.round(height * scale));
  const shade = shader(texture, h / w);
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
  const data = Buffer.alloc(w * h * 3);
  const contrast = { wood: 0.45, marble: 0.3, concrete: 0.22, sand: 0.16, linen: 0.16, velvet: 0.35, paper: 0.08, tile: 0.18, brick: 0.3, terrazzo: 0.25 }[texture] * strength;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const s = shade(x / w, y / w) * contrast;
      const i = (y * w + x) * 3;
      // Lighter toward white, darker toward a deeper shade of the same colour.
      data[i] = clamp(s >= 0 ? r! + (255 - r!) * s : r! * (1 + s * 1.1));
      data[i + 1] = clamp(s >= 0 ? g! + (255 - g!) * s : g! * (1 + s * 1.15));
      data[i + 2] = clamp(s >= 0 ? b! + (255 - b!) * s : b! * (1 + s * 1.25));
    }
  }
  return sharp(data, { raw: { width: w, height: h, channels: 3 } }).resize(width, height, { fit: 'fill', kernel: 'cubic' }).png({ compressionLevel: 1 }).toBuffer();
}

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));
