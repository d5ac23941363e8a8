import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { assertSingleStylesheet, inlineStylesheets, landingPreloads, loadScriptsAfterFirstPaint, mountPrerendered, preloadFont, type Manifest } from './html';

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

  it('moves the entry script and its preloads into one loader at the end of the body', () => {
    const html = loadScriptsAfterFirstPaint(BUILT, ['/assets/landing-E.js']);
    expect(html).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
    expect(html).toMatch(/<div id="root"><\/div><script>\(\(\)=>\{.*<\/script><\/body>/);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-C.css">');
    expect(() => loadScriptsAfterFirstPaint('<html><head></head><body></body></html>', [])).toThrow(/no <script type="module"/);
  });

  it('loads nothing on / until the first contentful paint is reported, then everything once, at low priority', () => {
    const page = runLoader('/', { paintTiming: true });
    expect(page.appended).toEqual([]);
    page.runTimers(); // the frame timers and the 1 s fallback are not due before they fire
    page.paint('first-paint');
    expect(page.appended).toEqual([]);
    page.paint('first-contentful-paint');
    page.runTimers();
    expect(page.appended).toEqual([
      'link modulepreload /assets/vendor-B.js low',
      'link modulepreload /assets/landing-E.js low',
      'script module /assets/index-A.js low',
    ]);
    page.fireFallback();
    expect(page.appended).toHaveLength(3);
  });

  it('loads at once, at normal priority and without the landing chunks, on any other path', () => {
    const page = runLoader('/login', { paintTiming: true });
    expect(page.appended).toEqual(['link modulepreload /assets/vendor-B.js auto', 'script module /assets/index-A.js auto']);
  });

  it('without paint timing, loads after the frame after next; a tab that paints nothing loads after 1 s', () => {
    const framed = runLoader('/', { paintTiming: false });
    framed.frame();
    expect(framed.appended).toEqual([]);
    framed.frame();
    framed.runTimers();
    expect(framed.appended).toHaveLength(3);

    const hidden = runLoader('/', { paintTiming: true });
    hidden.fireFallback();
    expect(hidden.appended).toHaveLength(3);
  });

  it('preloads only what the landing route adds to the entry', () => {
    expect(landingPreloads(manifest, 'src/app/routes/landing.tsx')).toEqual(['/assets/landing-E.js', '/assets/icons-D.js']);
    expect(() => landingPreloads(manifest, 'src/app/routes/missing.tsx')).toThrow(/no src\/app\/routes\/missing.tsx/);
  });

  it('mounts the markup and empties it on other paths', () => {
    const html = mountPrerendered(BUILT, '<h1>Hi</h1>');
    expect(html).toContain(`<div id="root"><h1>Hi</h1></div><script>if(location.pathname!=='/')document.getElementById('root').replaceChildren()</script>`);
    expect(() => mountPrerendered('<html><head></head><body></body></html>', 'x')).toThrow(/no empty/);
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

/**
 * Runs the loader that loadScriptsAfterFirstPaint writes into the page, in a context with just
 * the browser APIs it touches, driven by hand: frames, timers, paint entries.
 */
function runLoader(pathname: string, { paintTiming }: { paintTiming: boolean }) {
  const code = /<script>(\(\(\)=>\{.*?)<\/script><\/body>/.exec(loadScriptsAfterFirstPaint(BUILT, ['/assets/landing-E.js']))![1]!;
  const appended: string[] = [];
  const frames: (() => void)[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const observers: ((list: { getEntriesByName: (name: string) => unknown[] }, observer: { disconnect: () => void }) => void)[] = [];
  class PerformanceObserver {
    static supportedEntryTypes = paintTiming ? ['paint', 'largest-contentful-paint'] : ['navigation'];
    constructor(private callback: (typeof observers)[number]) {}
    observe() {
      observers.push(this.callback);
    }
  }
  const document = {
    createElement: (tag: string) => ({ tag }),
    head: {
      append: (el: { tag: string; rel?: string; type?: string; href?: string; src?: string; fetchPriority?: string; crossOrigin?: string }) => {
        expect(el.crossOrigin).toBe('');
        appended.push([el.tag, el.rel ?? el.type, el.href ?? el.src, el.fetchPriority].join(' '));
      },
    },
  };
  vm.runInNewContext(code, {
    location: { pathname },
    document,
    PerformanceObserver,
    requestAnimationFrame: (fn: () => void) => frames.push(fn),
    setTimeout: (fn: () => void, ms = 0) => timers.push({ fn, ms }),
  });
  const runDue = (due: (ms: number) => boolean) => {
    for (const timer of timers.splice(0).filter((t) => (due(t.ms) ? (t.fn(), false) : true))) timers.push(timer);
  };
  return {
    appended,
    frame: () => frames.splice(0).forEach((fn) => fn()),
    runTimers: () => runDue((ms) => ms === 0),
    fireFallback: () => runDue((ms) => ms === 1000),
    paint: (name: string) => {
      const list = { getEntriesByName: (n: string) => (n === name ? [{ name }] : []) };
      for (const callback of [...observers]) callback(list, { disconnect: () => observers.splice(observers.indexOf(callback), 1) });
    },
  };
}
