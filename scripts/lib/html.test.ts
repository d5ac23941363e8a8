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

  it('moves the entry script and its preloads into two inline scripts, the main one at the end of the body', () => {
    const html = loadScriptsAfterFirstPaint(BUILT, ['/assets/landing-E.js']);
    expect(html).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
    expect(html).toMatch(/<script>if\(location.pathname!=='\/'\).*<\/script><\/head>/);
    expect(html).toMatch(/<div id="root"><\/div><script>\(\(\)=>\{.*<\/script><\/body>/);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-C.css">');
    expect(() => loadScriptsAfterFirstPaint('<html><head></head><body></body></html>', [])).toThrow(/no <script type="module"/);
  });

  it('refuses a build whose script tags it would not move', () => {
    const changed = BUILT.replace('<link rel="modulepreload" crossorigin href', '<link rel="modulepreload" crossorigin="anonymous" href');
    expect(() => loadScriptsAfterFirstPaint(changed, [])).toThrow(/does not expect: <link rel="modulepreload" crossorigin="anonymous"/);
  });

  it('loads nothing on / until the first contentful paint is reported (buffered), then everything once, at low priority', () => {
    const page = runLoader('/', { paintTiming: true });
    expect(page.observed).toEqual([{ type: 'paint', buffered: true }]);
    page.runTimers(); // nothing is due: the 1 s fallback has not fired
    page.paint('first-paint');
    page.runTimers();
    expect(page.appended).toEqual([]);
    page.paint('first-contentful-paint');
    page.runTimers();
    expect(page.appended).toEqual(HOME_LOAD);
    page.fireFallback();
    expect(page.appended).toEqual(HOME_LOAD);
  });

  it('on any other path, requests every chunk from the head and runs the entry from the body, at normal priority', () => {
    const page = runLoader('/login', { paintTiming: true });
    expect(page.appended).toEqual([
      'head: link modulepreload /assets/vendor-B.js',
      'head: link modulepreload /assets/index-A.js',
      'body: script module /assets/index-A.js',
    ]);
    expect(page.observed).toEqual([]);
  });

  it('without paint timing, loads after the frame after next', () => {
    const page = runLoader('/', { paintTiming: false });
    page.frame();
    page.runTimers();
    expect(page.appended).toEqual([]);
    page.frame();
    page.runTimers();
    expect(page.appended).toEqual(HOME_LOAD);
  });

  it('a tab that paints nothing loads after 1 s, once, even where PerformanceObserver does not exist', () => {
    const hidden = runLoader('/', { paintTiming: true });
    hidden.fireFallback();
    hidden.paint('first-contentful-paint');
    hidden.runTimers();
    expect(hidden.appended).toEqual(HOME_LOAD);

    const old = runLoader('/', { paintTiming: 'missing' });
    expect(old.appended).toEqual([]);
    old.fireFallback();
    expect(old.appended).toEqual(HOME_LOAD);
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

const HOME_LOAD = [
  'body: link modulepreload /assets/vendor-B.js low',
  'body: link modulepreload /assets/landing-E.js low',
  'body: script module /assets/index-A.js low',
];

/**
 * Runs the inline scripts that loadScriptsAfterFirstPaint writes into the page, head first, in a
 * context with just the browser APIs they touch, driven by hand: frames, timers, paint entries.
 * Where a script throws (no PerformanceObserver), the browser goes on with the page: so do we.
 */
function runLoader(pathname: string, { paintTiming }: { paintTiming: boolean | 'missing' }) {
  const html = loadScriptsAfterFirstPaint(BUILT, ['/assets/landing-E.js']);
  const scripts = [...html.matchAll(/<script>(.*?)<\/script>/g)].map((match) => match[1]!);
  expect(scripts).toHaveLength(2);
  const appended: string[] = [];
  const observed: unknown[] = [];
  const frames: (() => void)[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const observers: ((list: { getEntriesByName: (name: string) => unknown[] }, observer: { disconnect: () => void }) => void)[] = [];
  let part = 'head';
  class PerformanceObserver {
    static supportedEntryTypes = paintTiming ? ['paint', 'largest-contentful-paint'] : ['navigation'];
    constructor(private callback: (typeof observers)[number]) {}
    observe(options: unknown) {
      observed.push(options);
      observers.push(this.callback);
    }
  }
  const document = {
    createElement: (tag: string) => ({ tag }),
    head: {
      append: (el: { tag: string; rel?: string; type?: string; href?: string; src?: string; fetchPriority?: string; crossOrigin?: string }) => {
        expect(el.crossOrigin).toBe('');
        appended.push(`${part}: ${[el.tag, el.rel ?? el.type, el.href ?? el.src, el.fetchPriority].filter(Boolean).join(' ')}`);
      },
    },
  };
  const context = vm.createContext({
    location: { pathname },
    document,
    ...(paintTiming === 'missing' ? {} : { PerformanceObserver }),
    requestAnimationFrame: (fn: () => void) => frames.push(fn),
    setTimeout: (fn: () => void, ms = 0) => timers.push({ fn, ms }),
  });
  for (const [i, code] of scripts.entries()) {
    part = i === 0 ? 'head' : 'body';
    try {
      vm.runInContext(code, context);
    } catch (error) {
      if (paintTiming !== 'missing') throw error;
    }
  }
  const runDue = (due: (ms: number) => boolean) => {
    for (const timer of timers.splice(0).filter((t) => (due(t.ms) ? (t.fn(), false) : true))) timers.push(timer);
  };
  return {
    appended,
    observed,
    frame: () => frames.splice(0).forEach((fn) => fn()),
    runTimers: () => runDue((ms) => ms === 0),
    fireFallback: () => runDue((ms) => ms === 1000),
    paint: (name: string) => {
      const list = { getEntriesByName: (n: string) => (n === name ? [{ name }] : []) };
      for (const callback of [...observers]) callback(list, { disconnect: () => observers.splice(observers.indexOf(callback), 1) });
    },
  };
}
