/**
 * The demo product scenes the carousel shows on a fresh install: one SVG frame per moment of a
 * seamless loop (`p` runs 0 → 1 and wraps), drawn in a 540×960 portrait studio.
 */
export const FRAME = { width: 540, height: 960, fps: 20, seconds: 4 } as const;

export interface Scene {
  /** File stem in the bucket (`<stamp>_<slug>.mp4`). */
  slug: string;
  name: string;
  caption: string;
  /** Studio gradient: centre light, edge colour, text colour. */
  light: string;
  edge: string;
  ink: string;
  /** The product, centred on (0, 0), at loop phase p ∈ [0, 1). */
  product(p: number): string;
}

const TAU = Math.PI * 2;
const wave = (p: number, k = 1) => Math.sin(p * TAU * k);

const mug = (p: number) => {
  // The handle travels round the mug: in front (x = cos) while sin > 0, hidden behind otherwise.
  const a = p * TAU;
  const hx = Math.cos(a) * 96;
  const behind = Math.sin(a) < 0;
  const handle = `<path d="M ${hx} -40 q ${Math.sign(hx || 1) * 62} 10 ${Math.sign(hx || 1) * 4} 96" fill="none" stroke="#e8e2da" stroke-width="22" stroke-linecap="round" opacity="${Math.abs(Math.cos(a)) > 0.2 ? 1 : 0}"/>`;
  return `${behind ? handle : ''}
  <rect x="-100" y="-110" width="200" height="230" rx="26" fill="url(#body)"/>
  <ellipse cx="0" cy="-110" rx="100" ry="22" fill="#d9d1c7"/><ellipse cx="0" cy="-106" rx="86" ry="16" fill="#5a3a26"/>
  <rect x="${-60 + Math.cos(a) * 40}" y="-40" width="64" height="64" rx="32" fill="#f28c5b" opacity="${0.35 + 0.65 * Math.max(0, Math.sin(a + 1.2))}"/>
  ${behind ? '' : handle}`;
};

const sneaker = (p: number) => `<g transform="rotate(${wave(p) * 6}) translate(0 ${wave(p) * 8})">
  <path d="M -170 40 C -170 -10 -120 -20 -90 -60 C -60 -100 -10 -90 20 -70 C 60 -40 120 -30 170 0 C 190 14 186 50 160 56 L -150 60 Z" fill="#f6f6f6" stroke="#222" stroke-width="4"/>
  <path d="M -172 48 L 172 48 L 166 76 L -164 76 Z" fill="#ff5a36"/>
  <path d="M -60 -70 C -20 -40 20 -30 60 -30" stroke="#ff5a36" stroke-width="14" fill="none" stroke-linecap="round"/>
  <g stroke="#333" stroke-width="5" stroke-linecap="round"><line x1="-64" y1="-58" x2="-30" y2="-78"/><line x1="-44" y1="-44" x2="-10" y2="-64"/><line x1="-24" y1="-30" x2="10" y2="-50"/></g>
</g>`;

const perfume = (p: number) => {
  const sweep = -160 + ((p * 1.6) % 1) * 360;
  return `<rect x="-26" y="-190" width="52" height="56" rx="8" fill="#1f1f25"/>
  <rect x="-110" y="-140" width="220" height="270" rx="34" fill="url(#glass)" stroke="#ffffff88" stroke-width="3"/>
  <rect x="-84" y="-30" width="168" height="64" rx="6" fill="#ffffffcc"/>
  <text x="0" y="10" font-family="DejaVu Serif, serif" font-size="28" text-anchor="middle" fill="#3a2a3a">NOIR</text>
  <clipPath id="bottle"><rect x="-110" y="-140" width="220" height="270" rx="34"/></clipPath>
  <rect clip-path="url(#bottle)" x="${sweep}" y="-150" width="36" height="300" fill="#ffffff" opacity="0.45" transform="skewX(-18)"/>`;
};

const headphones = (p: number) => `<g transform="rotate(${wave(p) * 8})">
  <path d="M -120 40 C -130 -140 130 -140 120 40" fill="none" stroke="#2b2f3a" stroke-width="22" stroke-linecap="round"/>
  <rect x="-160" y="10" width="80" height="120" rx="36" fill="#2b2f3a"/><rect x="80" y="10" width="80" height="120" rx="36" fill="#2b2f3a"/>
  <rect x="-150" y="24" width="60" height="92" rx="28" fill="#ffc940"/><rect x="90" y="24" width="60" height="92" rx="28" fill="#ffc940"/>
</g>`;

const serum = (p: number) => `<g transform="translate(0 ${wave(p) * 12})">
  <rect x="-22" y="-200" width="44" height="70" rx="20" fill="#1b1b1b"/><rect x="-34" y="-136" width="68" height="26" rx="6" fill="#c8a25c"/>
  <rect x="-80" y="-112" width="160" height="250" rx="26" fill="#f39a3d" opacity="0.92"/>
  <rect x="-62" y="-40" width="124" height="96" rx="8" fill="#fff7ea"/>
  <text x="0" y="2" font-family="DejaVu Sans, sans-serif" font-size="26" font-weight="700" text-anchor="middle" fill="#8a4a12">VIT C</text>
  <text x="0" y="34" font-family="DejaVu Sans, sans-serif" font-size="16" text-anchor="middle" fill="#8a4a12">SERUM 30 ml</text>
</g>`;

const watch = (p: number) => {
  const hand = p * 360 * 2;
  return `<rect x="-50" y="-220" width="100" height="440" rx="28" fill="#6b4b36"/>
  <circle r="124" fill="#d8d8dc"/><circle r="108" fill="#101418"/>
  ${Array.from({ length: 12 }, (_, i) => `<rect x="-3" y="-100" width="6" height="${i % 3 ? 10 : 20}" fill="#e8e8e8" transform="rotate(${i * 30})"/>`).join('')}
  <rect x="-4" y="-70" width="8" height="76" rx="4" fill="#fff" transform="rotate(300)"/>
  <rect x="-3" y="-90" width="6" height="96" rx="3" fill="#fff" transform="rotate(62)"/>
  <rect x="-1.5" y="-96" width="3" height="110" fill="#ff4d3a" transform="rotate(${hand})"/>
  <circle r="7" fill="#ff4d3a"/>`;
};

const sunglasses = (p: number) => `<g transform="rotate(${wave(p) * 5}) scale(${1 + wave(p, 2) * 0.02})">
  <path d="M -40 -20 Q 0 -40 40 -20" stroke="#c9a14a" stroke-width="8" fill="none"/>
  <path d="M -170 -40 L -40 -40 Q -30 60 -100 70 Q -170 70 -170 -40 Z" fill="url(#lens)" stroke="#c9a14a" stroke-width="7"/>
  <path d="M 170 -40 L 40 -40 Q 30 60 100 70 Q 170 70 170 -40 Z" fill="url(#lens)" stroke="#c9a14a" stroke-width="7"/>
</g>`;

const can = (p: number) => {
  const shift = p * 120;
  return `<clipPath id="can"><rect x="-80" y="-150" width="160" height="300" rx="18"/></clipPath>
  <rect x="-80" y="-150" width="160" height="300" rx="18" fill="#1d3b2f"/>
  <g clip-path="url(#can)">${[-240, -120, 0, 120].map((x) => `<rect x="${x + shift - 20}" y="-150" width="40" height="300" fill="#2f6b4f"/>`).join('')}
  <rect x="-80" y="-150" width="160" height="300" fill="url(#shade)"/></g>
  <text x="0" y="-10" font-family="DejaVu Sans, sans-serif" font-size="30" font-weight="700" text-anchor="middle" fill="#f3e9d2">COLD</text>
  <text x="0" y="26" font-family="DejaVu Sans, sans-serif" font-size="30" font-weight="700" text-anchor="middle" fill="#f3e9d2">BREW</text>
  <ellipse cx="0" cy="-150" rx="80" ry="12" fill="#b9c2c0"/>`;
};

export const SCENES: readonly Scene[] = [
  { slug: 'ceramic-mug', name: 'Ceramic Mug', caption: 'Lightbox studio shot', light: '#fff1e6', edge: '#f2b8a0', ink: '#4a2a1e', product: mug },
  { slug: 'running-sneaker', name: 'Running Sneaker', caption: 'UGC-style video ad', light: '#eef6ff', edge: '#8fb8f2', ink: '#10284a', product: sneaker },
  { slug: 'eau-de-parfum', name: 'Eau de Parfum', caption: 'Refined product photo', light: '#fbeefa', edge: '#c69bd9', ink: '#3c1f47', product: perfume },
  { slug: 'wireless-headphones', name: 'Wireless Headphones', caption: '360° spin video', light: '#fff8dc', edge: '#f0c24a', ink: '#3d3000', product: headphones },
  { slug: 'vitamin-c-serum', name: 'Vitamin C Serum', caption: 'Studio background swap', light: '#fff4e8', edge: '#f6a96b', ink: '#5a2e08', product: serum },
  { slug: 'classic-watch', name: 'Classic Watch', caption: 'Catalog-ready lightbox', light: '#eef0f4', edge: '#9aa4b8', ink: '#141a26', product: watch },
  { slug: 'aviator-sunglasses', name: 'Aviator Sunglasses', caption: 'Social ad variation', light: '#e9fbf7', edge: '#6cc9b7', ink: '#0e3a32', product: sunglasses },
  { slug: 'cold-brew-can', name: 'Cold Brew Can', caption: 'Product spin for TikTok', light: '#eef8ee', edge: '#8cc79a', ink: '#123222', product: can },
];

/** One full 540×960 frame of a scene at loop phase p. */
export function sceneSvg(scene: Scene, p: number): string {
  const { width: w, height: h } = FRAME;
  const bob = Math.sin(p * TAU) * 10;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs>
  <radialGradient id="bg" cx="50%" cy="42%" r="75%"><stop offset="0" stop-color="${scene.light}"/><stop offset="1" stop-color="${scene.edge}"/></radialGradient>
  <linearGradient id="body" x1="0" x2="1"><stop offset="0" stop-color="#fbf8f4"/><stop offset="0.6" stop-color="#efe8df"/><stop offset="1" stop-color="#cfc5b8"/></linearGradient>
  <linearGradient id="glass" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e7c9f2"/><stop offset="1" stop-color="#9c6fb8"/></linearGradient>
  <linearGradient id="lens" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2c5f58"/><stop offset="1" stop-color="#0b1f1c"/></linearGradient>
  <linearGradient id="shade" x1="0" x2="1"><stop offset="0" stop-color="#000" stop-opacity="0.35"/><stop offset="0.45" stop-color="#fff" stop-opacity="0.18"/><stop offset="1" stop-color="#000" stop-opacity="0.4"/></linearGradient>
  <radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.28"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
</defs>
<rect width="${w}" height="${h}" fill="url(#bg)"/>
<rect x="40" y="40" width="${w - 80}" height="${h - 80}" rx="28" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="2"/>
<text x="${w / 2}" y="112" font-family="DejaVu Sans, sans-serif" font-size="17" letter-spacing="5" text-anchor="middle" fill="${scene.ink}" opacity="0.6">SHOTCRAFT STUDIO</text>
<ellipse cx="${w / 2}" cy="640" rx="${150 - bob}" ry="22" fill="url(#shadow)"/>
<g transform="translate(${w / 2} ${450 + bob})">${scene.product(p)}</g>
<text x="${w / 2}" y="770" font-family="DejaVu Sans, sans-serif" font-size="40" font-weight="700" text-anchor="middle" fill="${scene.ink}">${scene.name}</text>
<text x="${w / 2}" y="816" font-family="DejaVu Sans, sans-serif" font-size="22" text-anchor="middle" fill="${scene.ink}" opacity="0.75">${scene.caption}</text>
</svg>`;
}
