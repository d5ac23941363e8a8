/**
 * The cut-out's quality corpus: product photos made in code, hard in the ways real ones are — busy
 * and patterned backgrounds (a purple-and-red floral behind a shoe with a white sole), white products
 * on white, glass, thin parts (chair legs, a lamp's arm, a whisk's wires), hair-like fringes (a
 * brush's bristles, a plant's leaves), cast and contact shadows, a blurred background, low light and
 * sensor grain. Each photo's truth is its product's silhouette, drawn from the same shapes (glass
 * counts whole; shadows never do). Used by bench/quality and the cut-out's tests.
 */
import sharp from 'sharp';
import { prng } from '../src/image/prng.js';
import type { ProductFixture } from './lightbox-fixtures.js';

/** Every corpus photo is this many pixels square (the backdrops are drawn at it). */
export const PHOTO_SIZE = 960;
const W = PHOTO_SIZE;
const H = PHOTO_SIZE;

interface Product {
  /** SVG drawn over the backdrop; every painted shape is product. */
  svg: string;
  /** Where it stands: the contact shadow's centre and half-width. */
  foot: { cx: number; cy: number; rx: number };
}

const G = (id: string, stops: [number, string][], x2 = 1, y2 = 0) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops.map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`).join('')}</linearGradient>`;

const PRODUCTS: Record<string, Product> = {
  bottle: {
    svg: `<defs>${G('b', [[0, '#123f7a'], [0.35, '#3f86d6'], [0.55, '#9cc8f5'], [1, '#0d2c55']])}${G('c', [[0, '#333'], [0.5, '#999'], [1, '#222']])}</defs>
      <path d="M420 190 h120 v70 q0 40 40 80 q40 40 40 100 v360 q0 40 -40 40 h-200 q-40 0 -40 -40 v-360 q0 -60 40 -100 q40 -40 40 -80 z" fill="url(#b)"/>
      <rect x="425" y="150" width="110" height="60" rx="10" fill="url(#c)"/>`,
    foot: { cx: 480, cy: 840, rx: 150 },
  },
  mug: {
    svg: `<defs>${G('m', [[0, '#7a1f12'], [0.4, '#d9573e'], [0.6, '#f08a70'], [1, '#5a160c']])}</defs>
      <path d="M270 330 h330 v360 q0 60 -60 60 h-210 q-60 0 -60 -60 z" fill="url(#m)"/>
      <path fill-rule="evenodd" d="M595 390 h45 q90 0 90 110 q0 110 -90 110 h-45 v-50 h40 q45 0 45 -60 q0 -60 -45 -60 h-40 z" fill="url(#m)"/>`,
    foot: { cx: 435, cy: 750, rx: 190 },
  },
  sneaker: {
    svg: `<defs>${G('u', [[0, '#4c1d95'], [0.5, '#7c3aed'], [1, '#3b0764']], 0, 1)}${G('s', [[0, '#ffffff'], [1, '#e7e5e4']], 0, 1)}</defs>
      <path d="M170 600 q10 -120 120 -140 l150 -30 q50 -90 140 -80 q110 20 160 110 l60 70 q30 40 10 70 z" fill="url(#u)"/>
      <path d="M455 440 q40 -60 100 -60" stroke="#ede9fe" stroke-width="6" fill="none"/>
      ${[0, 1, 2, 3].map((i) => `<path d="M${470 + i * 28} ${430 + i * 4} l40 -22" stroke="#f5f3ff" stroke-width="5"/>`).join('')}
      <path d="M160 600 h680 q35 0 35 32 v16 q0 32 -35 32 h-650 q-40 0 -40 -40 v-10 q0 -30 10 -30 z" fill="url(#s)"/>
      <path d="M165 655 h700" stroke="#d6d3d1" stroke-width="3"/>`,
    foot: { cx: 500, cy: 680, rx: 360 },
  },
  whiteSneaker: {
    svg: `<defs>${G('u', [[0, '#fafaf9'], [0.6, '#f1f0ee'], [1, '#d6d3d1']], 0, 1)}${G('s', [[0, '#ffffff'], [1, '#e7e5e4']], 0, 1)}</defs>
      <path d="M170 600 q10 -120 120 -140 l150 -30 q50 -90 140 -80 q110 20 160 110 l60 70 q30 40 10 70 z" fill="url(#u)" stroke="#d6d3d1" stroke-width="3"/>
      ${[0, 1, 2, 3].map((i) => `<path d="M${470 + i * 28} ${430 + i * 4} l40 -22" stroke="#a8a29e" stroke-width="4"/>`).join('')}
      <path d="M160 600 h680 q35 0 35 32 v16 q0 32 -35 32 h-650 q-40 0 -40 -40 v-10 q0 -30 10 -30 z" fill="url(#s)" stroke="#e7e5e4" stroke-width="2"/>`,
    foot: { cx: 500, cy: 680, rx: 360 },
  },
  wineGlass: {
    svg: `<defs>${G('g', [[0, '#dbeafe'], [0.3, '#ffffff'], [0.5, '#bfdbfe'], [1, '#93c5fd']])}</defs>
      <path d="M360 180 h240 q10 190 -60 250 q-30 25 -60 25 q-30 0 -60 -25 q-70 -60 -60 -250 z" fill="url(#g)" fill-opacity="0.55" stroke="#64748b" stroke-width="4"/>
      <path d="M372 300 h216 q-8 110 -58 140 q-25 15 -50 15 q-25 0 -50 -15 q-50 -30 -58 -140 z" fill="#9f1239" fill-opacity="0.85"/>
      <path d="M385 200 q-5 120 30 190" stroke="#ffffff" stroke-width="8" fill="none" opacity="0.8"/>
      <rect x="474" y="452" width="12" height="300" fill="#cbd5e1"/>
      <ellipse cx="480" cy="760" rx="110" ry="18" fill="#cbd5e1" stroke="#64748b" stroke-width="3"/>`,
    foot: { cx: 480, cy: 770, rx: 115 },
  },
  chair: {
    svg: `<defs>${G('w', [[0, '#78350f'], [0.5, '#b45309'], [1, '#78350f']])}</defs>
      <rect x="330" y="160" width="12" height="390" fill="#451a03"/><rect x="618" y="160" width="12" height="390" fill="#451a03"/>
      <rect x="330" y="170" width="300" height="34" rx="6" fill="url(#w)"/><rect x="330" y="250" width="300" height="22" rx="6" fill="url(#w)"/>
      <path d="M300 520 h360 l20 50 h-400 z" fill="url(#w)"/>
      <rect x="295" y="570" width="11" height="250" fill="#451a03"/><rect x="654" y="570" width="11" height="250" fill="#451a03"/>
      <rect x="345" y="570" width="9" height="200" fill="#5b2406"/><rect x="606" y="570" width="9" height="200" fill="#5b2406"/>
      <rect x="300" y="700" width="360" height="7" fill="#5b2406"/>`,
    foot: { cx: 480, cy: 822, rx: 200 },
  },
  headphones: {
    svg: `<path d="M300 560 q0 -330 180 -330 q180 0 180 330" stroke="#111827" stroke-width="26" fill="none"/>
      <path d="M300 560 q0 -330 180 -330 q180 0 180 330" stroke="#6b7280" stroke-width="6" fill="none"/>
      <rect x="250" y="520" width="100" height="170" rx="40" fill="#1f2937"/><rect x="610" y="520" width="100" height="170" rx="40" fill="#1f2937"/>
      <rect x="268" y="540" width="40" height="130" rx="18" fill="#4b5563"/><rect x="652" y="540" width="40" height="130" rx="18" fill="#4b5563"/>`,
    foot: { cx: 480, cy: 690, rx: 240 },
  },
  plant: {
    svg: `<defs>${G('p', [[0, '#9a3412'], [0.5, '#ea580c'], [1, '#7c2d12']])}</defs>
      ${[-70, -45, -20, 0, 20, 45, 70, -90, 90].map((a, i) => {
        const len = 230 - Math.abs(a) * 0.9 + (i % 3) * 20;
        const rad = ((a - 90) * Math.PI) / 180;
        const x = 480 + Math.cos(rad) * len;
        const y = 560 + Math.sin(rad) * len;
        return `<path d="M480 560 L${x.toFixed(0)} ${y.toFixed(0)}" stroke="#166534" stroke-width="4"/>
          <ellipse cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" rx="22" ry="58" transform="rotate(${a} ${x.toFixed(0)} ${y.toFixed(0)})" fill="${i % 2 ? '#15803d' : '#22c55e'}"/>`;
      }).join('')}
      <path d="M390 560 h180 l-25 220 h-130 z" fill="url(#p)"/><rect x="380" y="550" width="200" height="28" rx="6" fill="#c2410c"/>`,
    foot: { cx: 480, cy: 780, rx: 90 },
  },
  brush: {
    svg: `<defs>${G('h', [[0, '#0f172a'], [0.5, '#475569'], [1, '#0f172a']])}${G('f', [[0, '#a16207'], [0.5, '#fde68a'], [1, '#a16207']])}</defs>
      <path d="M455 840 q-12 -260 0 -400 h50 q12 140 0 400 z" fill="url(#h)"/>
      <rect x="445" y="360" width="70" height="90" rx="6" fill="url(#f)"/>
      ${Array.from({ length: 70 }, (_, i) => {
        const t = i / 69;
        const x0 = 450 + t * 60;
        const x1 = 380 + t * 200 + Math.sin(i * 1.7) * 8;
        const y1 = 150 + Math.abs(t - 0.5) * 120 + (i % 5) * 6;
        return `<path d="M${x0.toFixed(1)} 365 Q${((x0 + x1) / 2).toFixed(1)} 260 ${x1.toFixed(1)} ${y1.toFixed(1)}" stroke="${i % 3 ? '#e7d3b5' : '#c8a97e'}" stroke-width="2.2" fill="none"/>`;
      }).join('')}`,
    foot: { cx: 480, cy: 842, rx: 45 },
  },
  vase: {
    svg: `<defs>${G('v', [[0, '#e5e5e5'], [0.35, '#fcfcfc'], [0.7, '#f2f2f2'], [1, '#cfcfcf']])}</defs>
      <path d="M420 200 h120 q-5 60 30 120 q80 130 50 330 q-10 80 -80 100 h-120 q-70 -20 -80 -100 q-30 -200 50 -330 q35 -60 30 -120 z" fill="url(#v)"/>
      <ellipse cx="480" cy="200" rx="60" ry="10" fill="#d4d4d4"/>`,
    foot: { cx: 480, cy: 750, rx: 120 },
  },
  perfume: {
    svg: `<defs>${G('q', [[0, '#fbcfe8'], [0.3, '#ffffff'], [0.6, '#f9a8d4'], [1, '#db2777']])}${G('k', [[0, '#78716c'], [0.5, '#e7e5e4'], [1, '#57534e']])}</defs>
      <rect x="350" y="380" width="260" height="360" rx="30" fill="url(#q)" fill-opacity="0.6" stroke="#9d174d" stroke-width="3" stroke-opacity="0.6"/>
      <rect x="370" y="480" width="220" height="240" rx="20" fill="#ec4899" fill-opacity="0.7"/>
      <rect x="380" y="400" width="22" height="300" rx="10" fill="#ffffff" opacity="0.7"/>
      <rect x="440" y="330" width="80" height="55" fill="url(#k)"/><rect x="420" y="250" width="120" height="85" rx="12" fill="url(#k)"/>`,
    foot: { cx: 480, cy: 740, rx: 140 },
  },
  sunglasses: {
    svg: `<path d="M200 430 q-10 -30 20 -40 h220 q30 10 20 40 l-20 110 q-10 40 -60 40 h-90 q-55 0 -70 -50 z" fill="#111827" fill-opacity="0.88" stroke="#b45309" stroke-width="8"/>
      <path d="M500 430 q-10 -30 20 -40 h220 q30 10 20 40 l-20 110 q-10 40 -60 40 h-90 q-55 0 -70 -50 z" fill="#111827" fill-opacity="0.88" stroke="#b45309" stroke-width="8"/>
      <path d="M455 420 q25 -25 50 0" stroke="#b45309" stroke-width="8" fill="none"/>
      <path d="M205 405 l-60 -10 l-20 60" stroke="#b45309" stroke-width="7" fill="none"/><path d="M755 405 l60 -10 l20 60" stroke="#b45309" stroke-width="7" fill="none"/>`,
    foot: { cx: 480, cy: 585, rx: 300 },
  },
  handbag: {
    svg: `<defs>${G('l', [[0, '#7f1d1d'], [0.5, '#b91c1c'], [1, '#450a0a']])}</defs>
      <path d="M370 420 q0 -200 110 -200 q110 0 110 200" stroke="#450a0a" stroke-width="22" fill="none"/>
      <path d="M260 420 h440 l40 360 q0 30 -30 30 h-460 q-30 0 -30 -30 z" fill="url(#l)"/>
      <rect x="450" y="470" width="60" height="40" rx="6" fill="#d4a017"/>`,
    foot: { cx: 480, cy: 810, rx: 250 },
  },
  watch: {
    svg: `<defs>${G('t', [[0, '#44403c'], [0.5, '#78716c'], [1, '#292524']])}</defs>
      <rect x="420" y="130" width="120" height="230" rx="14" fill="url(#t)"/><rect x="420" y="600" width="120" height="230" rx="14" fill="url(#t)"/>
      ${[0, 1, 2, 3, 4].map((i) => `<circle cx="480" cy="${650 + i * 34}" r="6" fill="#1c1917"/>`).join('')}
      <circle cx="480" cy="480" r="150" fill="#d6d3d1"/><circle cx="480" cy="480" r="128" fill="#f8fafc"/>
      <path d="M480 480 v-95 M480 480 h70" stroke="#111827" stroke-width="7"/><rect x="628" y="462" width="26" height="36" rx="5" fill="#a8a29e"/>`,
    foot: { cx: 480, cy: 832, rx: 70 },
  },
  lamp: {
    svg: `<ellipse cx="420" cy="800" rx="120" ry="26" fill="#111827"/>
      <path d="M420 790 L380 520 L560 330" stroke="#1f2937" stroke-width="11" fill="none" stroke-linejoin="round"/>
      <circle cx="380" cy="520" r="14" fill="#374151"/>
      <path d="M520 300 l120 -70 l70 120 l-120 70 z" fill="#facc15"/><path d="M590 420 l120 -70 q20 60 -40 110 q-60 30 -80 -40 z" fill="#fef9c3"/>`,
    foot: { cx: 420, cy: 820, rx: 125 },
  },
  jar: {
    svg: `<defs>${G('j', [[0, '#9a3412'], [0.4, '#f59e0b'], [0.6, '#fcd34d'], [1, '#92400e']])}</defs>
      <rect x="345" y="270" width="270" height="60" rx="10" fill="#1f2937"/>
      <path d="M330 330 h300 q20 0 20 30 v360 q0 40 -40 40 h-260 q-40 0 -40 -40 v-360 q0 -30 20 -30 z" fill="url(#j)"/>
      <rect x="330" y="450" width="300" height="170" fill="#fffbeb"/>
      <text x="480" y="530" font-family="DejaVu Serif, serif" font-size="44" text-anchor="middle" fill="#78350f">WILD HONEY</text>
      <text x="480" y="585" font-family="DejaVu Sans, sans-serif" font-size="24" text-anchor="middle" fill="#92400e">RAW · 340 g</text>`,
    foot: { cx: 480, cy: 760, rx: 160 },
  },
  candle: {
    svg: `<defs>${G('n', [[0, '#e7dcc8'], [0.4, '#fbf7ef'], [1, '#d6c7a9']])}</defs>
      <rect x="380" y="380" width="200" height="380" rx="14" fill="url(#n)"/>
      <path d="M480 380 v-40" stroke="#292524" stroke-width="5"/>
      <path d="M480 345 q-22 -40 0 -95 q22 55 0 95 z" fill="#f59e0b"/><path d="M480 340 q-9 -20 0 -45 q9 25 0 45 z" fill="#fef3c7"/>`,
    foot: { cx: 480, cy: 760, rx: 100 },
  },
  whisk: {
    svg: `<defs>${G('x', [[0, '#52525b'], [0.5, '#e4e4e7'], [1, '#3f3f46']])}</defs>
      <rect x="455" y="560" width="50" height="280" rx="20" fill="url(#x)"/>
      ${[-110, -70, -30, 0, 30, 70, 110].map((s) => `<path d="M470 565 C ${480 + s} 460, ${480 + s * 1.2} 250, 480 170 C ${480 - s * 1.2} 250, ${480 - s} 460, 490 565" stroke="#a1a1aa" stroke-width="5" fill="none"/>`).join('')}`,
    foot: { cx: 480, cy: 842, rx: 40 },
  },
};

export type Backdrop = 'plain' | 'seamless' | 'kitchen' | 'floral' | 'stripes' | 'checker' | 'wood' | 'newspaper' | 'dark' | 'bokeh' | 'tiles' | 'marble' | 'fabric' | 'cream';

/** A backdrop of the given kind as SVG shapes for a 960 × 960 photo (the seed varies its pattern). */
export function backdrop(kind: Backdrop, seed: number): string {
  const rand = prng(seed);
  const r = (a: number, b: number) => a + rand() * (b - a);
  switch (kind) {
    case 'plain':
      return `<rect width="100%" height="100%" fill="#d9d4cc"/>`;
    case 'seamless':
      return `<defs>${G('bg', [[0, '#fdfdfd'], [0.7, '#f4f4f4'], [1, '#e4e4e4']], 0, 1)}</defs><rect width="100%" height="100%" fill="url(#bg)"/>`;
    case 'cream':
      return `<defs>${G('bg', [[0, '#f6efe2'], [1, '#e9dcc4']], 0, 1)}</defs><rect width="100%" height="100%" fill="url(#bg)"/>`;
    case 'kitchen':
      return `<rect width="100%" height="100%" fill="#e8e1d3"/>
        ${Array.from({ length: 13 }, (_, i) => `<rect x="0" y="${i * 50}" width="${W}" height="2" fill="#c9bfae"/><rect x="${(i * 97) % W}" y="0" width="2" height="640" fill="#c9bfae"/>`).join('')}
        <rect x="0" y="640" width="${W}" height="320" fill="#9a6b43"/>
        ${Array.from({ length: 15 }, (_, i) => `<rect x="0" y="${650 + i * 21}" width="${W}" height="${3 + (i % 3)}" fill="#7a5030"/>`).join('')}
        <circle cx="130" cy="330" r="64" fill="#e4572e"/><rect x="760" y="440" width="140" height="200" fill="#76b041"/><circle cx="830" cy="200" r="40" fill="#f2c14e"/>`;
    case 'floral':
      return `<rect width="100%" height="100%" fill="#5b1a4a"/>
        ${Array.from({ length: 60 }, () => {
          const x = r(0, W);
          const y = r(0, H);
          const s = r(18, 46);
          const c = ['#e11d48', '#a21caf', '#f472b6', '#7e22ce', '#fb7185', '#fde68a'][Math.floor(r(0, 6))];
          return [0, 72, 144, 216, 288].map((a) => `<ellipse cx="${x.toFixed(0)}" cy="${(y - s).toFixed(0)}" rx="${(s * 0.45).toFixed(0)}" ry="${s.toFixed(0)}" transform="rotate(${a} ${x.toFixed(0)} ${y.toFixed(0)})" fill="${c}"/>`).join('') + `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${(s * 0.35).toFixed(0)}" fill="#fef3c7"/>`;
        }).join('')}
        ${Array.from({ length: 25 }, () => `<path d="M${r(0, W).toFixed(0)} ${r(0, H).toFixed(0)} q${r(-60, 60).toFixed(0)} ${r(-60, 60).toFixed(0)} ${r(-90, 90).toFixed(0)} ${r(-90, 90).toFixed(0)}" stroke="#166534" stroke-width="6" fill="none"/>`).join('')}`;
    case 'stripes':
      return `<rect width="100%" height="100%" fill="#f1f5f9"/>${Array.from({ length: 24 }, (_, i) => `<rect x="${i * 40}" y="0" width="20" height="${H}" fill="#1e3a8a"/>`).join('')}`;
    case 'checker':
      return `<rect width="100%" height="100%" fill="#fafaf9"/>${Array.from({ length: 12 * 12 }, (_, i) => ((i + Math.floor(i / 12)) % 2 ? `<rect x="${(i % 12) * 80}" y="${Math.floor(i / 12) * 80}" width="80" height="80" fill="#dc2626"/>` : '')).join('')}`;
    case 'wood':
      return `<rect width="100%" height="100%" fill="#a16207"/>
        ${Array.from({ length: 8 }, (_, i) => `<rect x="0" y="${i * 120}" width="${W}" height="3" fill="#422006"/>`).join('')}
        ${Array.from({ length: 90 }, () => {
          const y = r(0, H);
          return `<path d="M0 ${y.toFixed(0)} Q ${r(200, 700).toFixed(0)} ${(y + r(-25, 25)).toFixed(0)} ${W} ${(y + r(-10, 10)).toFixed(0)}" stroke="${rand() > 0.5 ? '#854d0e' : '#ca8a04'}" stroke-width="${r(1, 4).toFixed(1)}" fill="none" opacity="0.7"/>`;
        }).join('')}`;
    case 'newspaper':
      return `<rect width="100%" height="100%" fill="#f5f1e8"/>
        ${Array.from({ length: 44 }, (_, i) => `<text x="${i % 2 ? 500 : 30}" y="${30 + Math.floor(i / 2) * 42}" font-family="DejaVu Serif, serif" font-size="26" fill="#27272a">${['The market rose sharply on', 'news of the harbour deal and', 'officials said the plan would', 'continue through the winter,', 'while residents gathered at'][i % 5]}</text>`).join('')}`;
    case 'dark':
      return `<defs><radialGradient id="bg" cx="0.5" cy="0.4" r="0.7"><stop offset="0" stop-color="#3f3f46"/><stop offset="1" stop-color="#09090b"/></radialGradient></defs><rect width="100%" height="100%" fill="url(#bg)"/>`;
    case 'bokeh':
      return `<defs>${G('bg', [[0, '#365314'], [0.6, '#4d7c0f'], [1, '#1a2e05']], 0, 1)}</defs><rect width="100%" height="100%" fill="url(#bg)"/>
        ${Array.from({ length: 45 }, () => `<circle cx="${r(0, W).toFixed(0)}" cy="${r(0, H).toFixed(0)}" r="${r(15, 70).toFixed(0)}" fill="${['#fef08a', '#bef264', '#ffffff', '#86efac'][Math.floor(r(0, 4))]}" opacity="${r(0.25, 0.7).toFixed(2)}"/>`).join('')}`;
    case 'tiles':
      return `<rect width="100%" height="100%" fill="#0f766e"/>${Array.from({ length: 10 * 10 }, (_, i) => `<rect x="${(i % 10) * 96 + 3}" y="${Math.floor(i / 10) * 96 + 3}" width="90" height="90" rx="4" fill="${['#14b8a6', '#2dd4bf', '#0d9488', '#99f6e4'][Math.floor(r(0, 4))]}"/>`).join('')}`;
    case 'marble':
      return `<filter id="t"><feTurbulence type="fractalNoise" baseFrequency="0.006 0.02" numOctaves="5" seed="${seed}"/><feColorMatrix values="0 0 0 0 0.35  0 0 0 0 0.35  0 0 0 0 0.38  0 0 0 -2.2 1.2"/></filter>
        <rect width="100%" height="100%" fill="#f1f0ec"/><rect width="100%" height="100%" filter="url(#t)"/>`;
    case 'fabric':
      return `<filter id="t"><feTurbulence type="turbulence" baseFrequency="0.35" numOctaves="2" seed="${seed}"/><feColorMatrix values="0 0 0 0 0.45  0 0 0 0 0.36  0 0 0 0 0.25  0 0 0 0.7 0"/></filter>
        <rect width="100%" height="100%" fill="#d6c3a1"/><rect width="100%" height="100%" filter="url(#t)"/>
        ${Array.from({ length: 48 }, (_, i) => `<rect x="0" y="${i * 20}" width="${W}" height="1" fill="#a68a5f" opacity="0.5"/>`).join('')}`;
  }
}

export interface PhotoScene {
  id: string;
  product: keyof typeof PRODUCTS;
  backdrop: Backdrop;
  /** What makes it hard, in words. */
  hard: string;
  /** A contact shadow and a cast shadow to one side (on the backdrop, never product). */
  shadow?: boolean;
  /** The backdrop out of focus (a shallow depth of field). */
  blur?: number;
  /** Exposure: 1 as shot, lower is darker (with more grain). */
  light?: number;
}

export const PHOTO_SCENES: PhotoScene[] = [
  { id: 'sneaker-floral', product: 'sneaker', backdrop: 'floral', hard: 'a white sole over a busy purple and red floral', shadow: true },
  { id: 'sneaker-wood', product: 'sneaker', backdrop: 'wood', hard: 'grain lines running into the sole', shadow: true },
  { id: 'white-sneaker-seamless', product: 'whiteSneaker', backdrop: 'seamless', hard: 'a white product on white', shadow: true },
  { id: 'white-sneaker-checker', product: 'whiteSneaker', backdrop: 'checker', hard: 'a white product over a red and white check' },
  { id: 'bottle-plain', product: 'bottle', backdrop: 'plain', hard: 'the easy one', shadow: true },
  { id: 'bottle-kitchen', product: 'bottle', backdrop: 'kitchen', hard: 'a busy kitchen, out of focus', shadow: true, blur: 3 },
  { id: 'bottle-newspaper', product: 'bottle', backdrop: 'newspaper', hard: 'text behind the product' },
  { id: 'mug-plain', product: 'mug', backdrop: 'plain', hard: 'a hole in the handle', shadow: true },
  { id: 'mug-checker', product: 'mug', backdrop: 'checker', hard: 'red on a red check, a hole in the handle' },
  { id: 'mug-dark', product: 'mug', backdrop: 'dark', hard: 'low light and grain', light: 0.45 },
  { id: 'wine-glass-bokeh', product: 'wineGlass', backdrop: 'bokeh', hard: 'glass and a thin stem over bokeh', blur: 2 },
  { id: 'wine-glass-dark', product: 'wineGlass', backdrop: 'dark', hard: 'glass in low light', light: 0.6 },
  { id: 'chair-tiles', product: 'chair', backdrop: 'tiles', hard: 'thin legs over tiles', shadow: true },
  { id: 'chair-seamless', product: 'chair', backdrop: 'seamless', hard: 'thin legs, gaps between the slats', shadow: true },
  { id: 'headphones-stripes', product: 'headphones', backdrop: 'stripes', hard: 'a band over navy stripes, the hole under it' },
  { id: 'headphones-marble', product: 'headphones', backdrop: 'marble', hard: 'a thin band over marble veins', shadow: true },
  { id: 'plant-kitchen', product: 'plant', backdrop: 'kitchen', hard: 'leaves and stems over a kitchen, a green box behind', blur: 2 },
  { id: 'plant-seamless', product: 'plant', backdrop: 'seamless', hard: 'leaves with gaps between them', shadow: true },
  { id: 'brush-fabric', product: 'brush', backdrop: 'fabric', hard: 'hair-fine bristles over linen' },
  { id: 'brush-plain', product: 'brush', backdrop: 'plain', hard: 'hair-fine bristles', shadow: true },
  { id: 'vase-seamless', product: 'vase', backdrop: 'seamless', hard: 'a white vase on white', shadow: true },
  { id: 'vase-marble', product: 'vase', backdrop: 'marble', hard: 'a pale vase on pale marble' },
  { id: 'perfume-bokeh', product: 'perfume', backdrop: 'bokeh', hard: 'translucent glass over bokeh', blur: 3 },
  { id: 'perfume-floral', product: 'perfume', backdrop: 'floral', hard: 'pink glass over a pink floral' },
  { id: 'sunglasses-wood', product: 'sunglasses', backdrop: 'wood', hard: 'thin temples over grain', shadow: true },
  { id: 'sunglasses-seamless', product: 'sunglasses', backdrop: 'seamless', hard: 'thin temples, dark lenses', shadow: true },
  { id: 'handbag-checker', product: 'handbag', backdrop: 'checker', hard: 'a handle loop over a check' },
  { id: 'handbag-dark', product: 'handbag', backdrop: 'dark', hard: 'dark red in low light', light: 0.5 },
  { id: 'watch-newspaper', product: 'watch', backdrop: 'newspaper', hard: 'a white face over newsprint' },
  { id: 'watch-fabric', product: 'watch', backdrop: 'fabric', hard: 'a strap over linen', shadow: true },
  { id: 'lamp-stripes', product: 'lamp', backdrop: 'stripes', hard: 'a thin arm across stripes' },
  { id: 'lamp-dark', product: 'lamp', backdrop: 'dark', hard: 'a black lamp in low light', light: 0.55 },
  { id: 'jar-kitchen', product: 'jar', backdrop: 'kitchen', hard: 'a label with text, a busy kitchen', shadow: true, blur: 2 },
  { id: 'candle-cream', product: 'candle', backdrop: 'cream', hard: 'cream on cream, a flame', shadow: true },
  { id: 'whisk-tiles', product: 'whisk', backdrop: 'tiles', hard: 'thin wires with tiles between them' },
];

/** The silhouette: every painted shape white and opaque, gradients and text included. */
function silhouette(svg: string): string {
  return svg
    .replace(/<defs>[\s\S]*?<\/defs>/g, '')
    .replace(/(fill|stroke)="(?!none)[^"]*"/g, '$1="#fff"')
    .replace(/(fill-opacity|stroke-opacity|opacity)="[^"]*"/g, '');
}

const svgDoc = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${body}</svg>`;

/** One scene as a photo (JPEG, as a phone would give it) and its truth (one byte a pixel). */
export async function renderPhoto(scene: PhotoScene, seed = 1): Promise<ProductFixture> {
  const product = PRODUCTS[scene.product]!;
  const { foot } = product;
  const shadows = scene.shadow
    ? `<filter id="sh" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="14"/></filter>
       <ellipse cx="${foot.cx + foot.rx * 0.35}" cy="${foot.cy - 6}" rx="${foot.rx * 1.25}" ry="${Math.max(14, foot.rx * 0.16)}" fill="#000" opacity="0.3" filter="url(#sh)"/>
       <ellipse cx="${foot.cx}" cy="${foot.cy}" rx="${foot.rx * 1.02}" ry="9" fill="#000" opacity="0.55" filter="url(#sh)"/>`
    : '';
  let back = sharp(Buffer.from(svgDoc(backdrop(scene.backdrop, seed * 7919 + scene.id.length)))).flatten({ background: '#fff' });
  if (scene.blur) back = back.blur(scene.blur);
  const backPng = await back.png().toBuffer();
  const front = await sharp(Buffer.from(svgDoc(`${shadows}${product.svg}`))).png().toBuffer();
  const { data, info } = await sharp(backPng).composite([{ input: front }]).removeAlpha().raw().toBuffer({ resolveWithObject: true });

  // Exposure and grain: darker photos carry more noise, as a phone's sensor does.
  const light = scene.light ?? 1;
  const sigma = 3 + (1 - light) * 14;
  const rand = prng(seed * 104729 + scene.id.length * 31);
  const out = Buffer.allocUnsafe(data.length);
  for (let p = 0; p < data.length; p += 3) {
    // A cheap normal-ish sample: the sum of three uniforms, shared a little across channels.
    const common = (rand() + rand() + rand() - 1.5) * sigma;
    for (let c = 0; c < 3; c++) out[p + c] = Math.max(0, Math.min(255, Math.round(data[p + c]! * light + common + (rand() - 0.5) * sigma * 0.6)));
  }
  const jpeg = await sharp(out, { raw: { width: info.width, height: info.height, channels: 3 } }).jpeg({ quality: 86 }).toBuffer();

  const rgb = await sharp(Buffer.from(svgDoc(`<rect width="100%" height="100%" fill="#000"/><g>${silhouette(product.svg)}</g>`))).flatten({ background: '#000' }).raw().toBuffer();
  const mask = Buffer.alloc(W * H);
  for (let p = 0; p < W * H; p++) mask[p] = rgb[p * 3]! > 127 ? 255 : 0;
  return { name: scene.id, jpeg, mask, width: W, height: H };
}

export async function renderPhotoCorpus(): Promise<(ProductFixture & { scene: PhotoScene })[]> {
  return Promise.all(PHOTO_SCENES.map(async (scene) => ({ ...(await renderPhoto(scene)), scene })));
}
