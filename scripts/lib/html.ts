/**
 * Pure edits of the built index.html for scripts/build.ts (tested in html.test.ts).
 */

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

const STYLESHEET = /<link rel="stylesheet"(?: crossorigin)? href="([^"]+\.css)">/g;

/**
 * Replaces each `<link rel="stylesheet">` of the build with a `<style>` holding its rules. The
 * link stays, `disabled` (browsers do not fetch it): Vite's loader of lazy chunks looks for it
 * and, finding it, does not download the same stylesheet again.
 */
export function inlineStylesheets(html: string, read: (href: string) => string): string {
  return html.replace(STYLESHEET, (_link, href: string) => {
    const css = read(href.replace(/^\//, ''));
    if (/<\/style/i.test(css)) throw new Error(`${href} contains "</style": it cannot be inlined`);
    return `<style>${css}</style><link rel="stylesheet" href="${href}" disabled>`;
  });
}

/** A chunk's file and every chunk it imports statically, recursively. */
export function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const dep of chunk.imports ?? []) staticClosure(manifest, dep, seen);
  return seen;
}

/**
 * The JS files the landing route needs beyond what the entry already loads: these are worth
 * fetching alongside the entry on `/`, rather than after it has run.
 */
export function landingPreloads(manifest: Manifest, landingKey: string): string[] {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('The manifest has no entry chunk');
  if (!manifest[landingKey]) throw new Error(`The manifest has no ${landingKey}`);
  const entry = staticClosure(manifest, entryKey);
  return [...staticClosure(manifest, landingKey)].filter((file) => !entry.has(file)).map((file) => `/${file}`);
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * On the pre-rendered page, scripts only make it interactive. Vite's `<script type="module">` and
 * its modulepreloads make way for two inline scripts:
 * - on `/`, one at the end of the body requests them (and the landing route's own chunks) at low
 *   priority once the browser reports the first contentful paint (the page is on screen then, not
 *   merely rendered), so the text and its font have the connection to themselves until they show;
 *   without paint timing it waits for the frame after next; a hidden tab, which paints nothing,
 *   gets them after 1 s;
 * - on every other path #root is empty and nothing shows without them: one in the head requests
 *   every chunk at once, and the one at the end of the body runs the entry (there, #root exists).
 */
export function loadScriptsAfterFirstPaint(html: string, landingPreloads: readonly string[]): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) throw new Error('index.html has no <script type="module" crossorigin src> entry');
  if (!html.includes('</head>') || !html.includes('</body>')) throw new Error('index.html has no </head> or </body>');
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const rest = html.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '');
  const left = /<script type="module"[^>]*>|<link rel="modulepreload"[^>]*>/.exec(rest);
  if (left) throw new Error(`index.html has a script tag this build does not expect: ${left[0]}`);
  const head =
    `<script>if(location.pathname!=='/')for(const href of ${JSON.stringify([...preloads, entry])})` +
    `document.head.append(Object.assign(document.createElement('link'),{rel:'modulepreload',crossOrigin:'',href}))</script>`;
  const body =
    `<script>(()=>{const add=(tag,props)=>document.head.append(Object.assign(document.createElement(tag),{crossOrigin:''},props));` +
    `if(location.pathname!=='/')return add('script',{type:'module',src:${JSON.stringify(entry)}});` +
    `let done=false;const load=()=>{if(done)return;done=true;` +
    `for(const href of ${JSON.stringify([...preloads, ...landingPreloads])})add('link',{rel:'modulepreload',href,fetchPriority:'low'});` +
    `add('script',{type:'module',src:${JSON.stringify(entry)},fetchPriority:'low'})};setTimeout(load,1000);` +
    `if(PerformanceObserver.supportedEntryTypes?.includes('paint'))new PerformanceObserver((list,observer)=>{if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();setTimeout(load)}}).observe({type:'paint',buffered:true});` +
    `else requestAnimationFrame(()=>requestAnimationFrame(()=>setTimeout(load)))})()</script>`;
  return rest.replace('</head>', () => `${head}</head>`).replace('</body>', () => `${body}</body>`);
}

/** The build must have one stylesheet, the entry's: it is inlined, and lazy chunks never load CSS. */
export function assertSingleStylesheet(manifest: Manifest): void {
  const sheets = new Set(Object.values(manifest).flatMap((chunk) => chunk.css ?? []));
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const entrySheets = new Set(entry?.css ?? []);
  const extra = [...sheets].filter((sheet) => !entrySheets.has(sheet));
  if (entrySheets.size !== 1 || extra.length > 0) {
    throw new Error(`Expected one stylesheet, the entry's; found entry ${[...entrySheets].join(', ') || 'none'} and others ${extra.join(', ') || 'none'}`);
  }
}

/**
 * Fetches the text face with the page instead of after the first layout found it: the first
 * paint then uses it, and the text is not laid out a second time when it arrives.
 */
export function preloadFont(html: string, href: string): string {
  if (!html.includes('</title>')) throw new Error('index.html has no </title>');
  return html.replace('</title>', `</title><link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin>`);
}

const MOUNT = '<div id="root"></div>';

/**
 * Puts the pre-rendered landing markup into #root. The page is served for every path of the SPA:
 * an inline script right after #root empties it on any other path before the first paint.
 */
export function mountPrerendered(html: string, markup: string): string {
  if (!html.includes(MOUNT)) throw new Error(`index.html has no empty ${MOUNT} to pre-render into`);
  const onlyForHome = `<script>if(location.pathname!=='/')document.getElementById('root').replaceChildren()</script>`;
  return html.replace(MOUNT, `<div id="root">${markup}</div>${onlyForHome}`);
}
