import sharp from 'sharp';
import type { Lighting, Texture } from './backdrop-words';
import { mix, type BackdropSpec } from './backdrop-words';

/**
 * Draws a backdrop as an RGB PNG of the output size. Everything is SVG rendered by sharp (librsvg):
 * gradients for sweeps and lighting, feTurbulence for textures. Textures render at half size and
 * are scaled up: they are soft by nature and librsvg's filters are the slow part.
 */
export async function renderBackdrop(spec: BackdropSpec, width: number, height: number): Promise<Buffer> {
  const texture = spec.texture ? await renderTexture(spec.texture, spec.colours[0]!, width, height) : null;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs>${base(spec).defs}${lightingDefs(spec.lighting)}</defs>
    <rect width="100%" height="100%" fill="${base(spec).fill}"/>
    ${spec.sweep ? sweepOverlay() : ''}
    ${spec.lighting.map((l) => `<rect width="100%" height="100%" fill="url(#light-${l})"/>`).join('')}
  </svg>`;
  const layers: sharp.OverlayOptions[] = [];
  if (texture) layers.push({ input: texture, blend: 'multiply' });
  const backdrop = sharp(Buffer.from(svg)).resize(width, height);
  if (!texture) return backdrop.flatten({ background: '#ffffff' }).png({ compressionLevel: 1 }).toBuffer();
  // The texture is the surface; colour and light are laid over it.
  const painted = await backdrop.png().toBuffer();
  return sharp(texture).composite([{ input: painted, blend: 'soft-light' }]).flatten({ background: '#ffffff' }).png({ compressionLevel: 1 }).toBuffer();
}

/** A flat colour, or a top-to-bottom gradient between the two colours. */
function base(spec: BackdropSpec): { defs: string; fill: string } {
  const [from, to] = spec.colours;
  if (!spec.gradient || !to) return { defs: '', fill: from ?? '#ffffff' };
  return { defs: `<linearGradient id="base" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`, fill: 'url(#base)' };
}

/** Floor meets wall in a soft curve: darker at the top and at the very bottom, brightest behind the product. */
function sweepOverlay(): string {
  return `<defs><linearGradient id="sweep" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#000" stop-opacity="0.10"/><stop offset="0.55" stop-color="#fff" stop-opacity="0.18"/>
      <stop offset="0.78" stop-color="#fff" stop-opacity="0.05"/><stop offset="1" stop-color="#000" stop-opacity="0.12"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#sweep)"/>`;
}

const LIGHT: Record<Lighting, string> = {
  warm: '<radialGradient id="light-warm" cx="0.35" cy="0.2" r="1"><stop offset="0" stop-color="#ffb35c" stop-opacity="0.22"/><stop offset="1" stop-color="#ff8a3d" stop-opacity="0.05"/></radialGradient>',
  cool: '<radialGradient id="light-cool" cx="0.65" cy="0.2" r="1"><stop offset="0" stop-color="#8fc2ff" stop-opacity="0.2"/><stop offset="1" stop-color="#4a78c8" stop-opacity="0.06"/></radialGradient>',
  soft: '<radialGradient id="light-soft" cx="0.5" cy="0.4" r="0.9"><stop offset="0" stop-color="#fff" stop-opacity="0.18"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>',
  bright: '<radialGradient id="light-bright" cx="0.5" cy="0.35" r="1"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#fff" stop-opacity="0.1"/></radialGradient>',
  dramatic: '<radialGradient id="light-dramatic" cx="0.5" cy="0.45" r="0.75"><stop offset="0.3" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></radialGradient>',
  spotlight: '<radialGradient id="light-spotlight" cx="0.5" cy="0.5" r="0.55"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="0.6" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></radialGradient>',
};
const lightingDefs = (lighting: Lighting[]) => lighting.map((l) => LIGHT[l]).join('');

/** Procedural surfaces: veined marble, wood grain, concrete, woven linen, paper. */
const TEXTURE: Record<Texture, (colour: string) => string> = {
  marble: (c) => `<filter id="t"><feTurbulence type="fractalNoise" baseFrequency="0.0035 0.009" numOctaves="5" seed="7"/>
      <feColorMatrix type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  1 0 0 0 0"/>
      <feComponentTransfer><feFuncA type="table" tableValues="0 0 0 0.05 0.7 0.05 0 0 0.03 0.45 0.03 0 0"/></feComponentTransfer></filter>
    <rect width="100%" height="100%" fill="${c}"/><rect width="100%" height="100%" fill="${mix(c, '#000000', 0.5)}" filter="url(#t)" opacity="0.6"/>`,
  wood: (c) => `<filter id="t"><feTurbulence type="fractalNoise" baseFrequency="0.002 0.09" numOctaves="3" seed="3"/>
      <feColorMatrix type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 1.6 -0.35"/></filter>
    <rect width="100%" height="100%" fill="${c}"/><rect width="100%" height="100%" fill="${mix(c, '#000000', 0.35)}" filter="url(#t)"/>`,
  concrete: (c) => `<filter id="t"><feTurbulence type="fractalNoise" baseFrequency="0.35" numOctaves="2" seed="11"/>
      <feColorMatrix type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 0.9 -0.25"/></filter>
    <rect width="100%" height="100%" fill="${c}"/><rect width="100%" height="100%" fill="${mix(c, '#000000', 0.3)}" filter="url(#t)"/>`,
  linen: (c) => `<filter id="t"><feTurbulence type="turbulence" baseFrequency="0.6 0.04" numOctaves="1" seed="5"/>
      <feColorMatrix type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 0.6 0"/></filter>
    <rect width="100%" height="100%" fill="${c}"/><rect width="100%" height="100%" fill="${mix(c, '#000000', 0.2)}" filter="url(#t)"/>`,
  paper: (c) => `<filter id="t"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="1" seed="2"/>
      <feColorMatrix type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 0.5 -0.1"/></filter>
    <rect width="100%" height="100%" fill="${c}"/><rect width="100%" height="100%" fill="${mix(c, '#000000', 0.15)}" filter="url(#t)"/>`,
};

async function renderTexture(texture: Texture, colour: string, width: number, height: number): Promise<Buffer> {
  const w = Math.max(1, Math.round(width / 2));
  const h = Math.max(1, Math.round(height / 2));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${TEXTURE[texture](colour)}</svg>`;
  return sharp(Buffer.from(svg)).resize(width, height, { kernel: 'cubic' }).flatten({ background: colour }).png({ compressionLevel: 1 }).toBuffer();
}
