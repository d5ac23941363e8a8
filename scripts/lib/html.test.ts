import { describe, expect, it } from 'vitest';
import { assertSingleStylesheet, inlineStylesheets, landingPreloads, lowerScriptPriority, mountPrerendered, preloadFont, type Manifest } from './html';

const BUILT = `<!doctype html><html><head><title>Shotcraft</title>
<script type="module" crossorigin src="/assets/index-A.js"></script>
<link rel="modulepreload" crossorigin href="/assets/vendor-B.js">
<link rel="stylesheet" crossorigin href="/assets/index-C.css">
</head><body><div id="root"></div></body></html>`;

const manifest: Manifest = {
  'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_vendor-B.js'], css: ['assets/index-C.css'] },
  '_vendor-B.js': { file: 'assets/vendor-B.js' },
  '_icons-D.js': { file: 'assets/icons-D.js', imports: ['_vendor-B.js'] },
  'src/app/routes/landing.tsx': { file: 'assets/landing-E.js', imports: ['_vendor-B.js', '_icons-D.js'] },
};

describe('built index.html edits', () => {
  it('inlines the stylesheet and keeps a disabled link for the lazy-chunk loader to find', () => {
    const html = inlineStylesheets(BUILT, (href) => (href === 'assets/index-C.css' ? 'body{margin:0}' : ''));
    expect(html).toContain('<style>body{margin:0}</style><link rel="stylesheet" href="/assets/index-C.css" disabled>');
    expect(html).not.toContain('crossorigin href="/assets/index-C.css"');
  });

  it('refuses CSS that would close the style element early', () => {
    expect(() => inlineStylesheets(BUILT, () => 'a{content:"</style>"}')).toThrow(/cannot be inlined/);
  });

  it('fetches scripts at low priority', () => {
    const html = lowerScriptPriority(BUILT);
    expect(html).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-A.js">');
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/vendor-B.js">');
    expect(lowerScriptPriority(html)).toBe(html);
  });

  it('preloads only what the landing route adds to the entry', () => {
    expect(landingPreloads(manifest, 'src/app/routes/landing.tsx')).toEqual(['/assets/landing-E.js', '/assets/icons-D.js']);
    expect(() => landingPreloads(manifest, 'src/app/routes/missing.tsx')).toThrow(/no src\/app\/routes\/missing.tsx/);
  });

  it('mounts the markup, empties it on other paths, and preloads the landing only on /', () => {
    const html = mountPrerendered(BUILT, '<h1>Hi</h1>', ['/assets/landing-E.js']);
    expect(html).toContain(`<div id="root"><h1>Hi</h1></div><script>if(location.pathname!=='/')document.getElementById('root').replaceChildren()</script>`);
    expect(html).toMatch(/<script>if\(location.pathname==='\/'\)for\(const href of \["\/assets\/landing-E.js"\]\).*<\/script><\/head>/);
    expect(() => mountPrerendered('<html><head></head><body></body></html>', 'x', [])).toThrow(/no empty/);
  });

  it('preloads the text face right after the title', () => {
    expect(preloadFont(BUILT, '/assets/inter.woff2')).toContain(
      '<title>Shotcraft</title><link rel="preload" href="/assets/inter.woff2" as="font" type="font/woff2" crossorigin>',
    );
  });

  it('accepts one stylesheet, the entry one, and refuses a second', () => {
    expect(() => assertSingleStylesheet(manifest)).not.toThrow();
    expect(() => assertSingleStylesheet({ ...manifest, 'src/x.tsx': { file: 'assets/x.js', css: ['assets/x.css'] } })).toThrow(/assets\/x.css/);
  });
});
