/**
 * `npm run build`: the client bundle (vite build), then `/` pre-rendered into its index.html so
 * the landing page paints before JavaScript runs:
 * - the landing markup goes into #root; on any other path an inline script empties #root before
 *   the first paint, and the app renders it as before;
 * - the stylesheet is inlined (one request less before the first paint: the page is all there);
 * - scripts are requested right after the first paint on `/` (with the landing route's own
 *   chunks next to the entry), at once on other paths: the page is visible without them;
 * - the Latin text face is preloaded, so the first paint already uses it.
 *
 *   tsx scripts/build.ts [--outDir dist]
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { assertSingleStylesheet, inlineStylesheets, landingPreloads, loadScriptsAfterFirstPaint, mountPrerendered, preloadFont, type Manifest } from './lib/html';

const root = path.resolve(import.meta.dirname, '..');
const argIndex = process.argv.indexOf('--outDir');
const outDir = path.resolve(root, argIndex > 0 ? process.argv[argIndex + 1]! : 'dist');
// Inside the repo, so the server bundle's external imports resolve from node_modules.
fs.mkdirSync(path.join(root, 'node_modules', '.cache'), { recursive: true });
const ssrDir = fs.mkdtempSync(path.join(root, 'node_modules', '.cache', 'shotcraft-ssr-'));
const vite = path.join(root, 'node_modules', '.bin', 'vite');

function run(args: string[]) {
  const result = spawnSync(vite, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

try {
  run(['build', '--outDir', outDir, '--emptyOutDir']);
  run(['build', '--ssr', 'src/app/prerender.tsx', '--outDir', ssrDir, '--emptyOutDir', '--logLevel', 'warn', '--sourcemap', 'false']);

  const { prerenderLanding } = (await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href)) as {
    prerenderLanding: () => Promise<string>;
  };
  const markup = await prerenderLanding();
  const indexPath = path.join(outDir, 'index.html');
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  assertSingleStylesheet(manifest);
  let page = fs.readFileSync(indexPath, 'utf8');
  page = loadScriptsAfterFirstPaint(page, landingPreloads(manifest, 'src/app/routes/landing.tsx'));
  page = inlineStylesheets(page, (href) => fs.readFileSync(path.join(outDir, href), 'utf8'));
  const latinFont = fs.readdirSync(path.join(outDir, 'assets')).find((file) => /^inter-latin-wght-normal-.*\.woff2$/.test(file));
  if (!latinFont) throw new Error('The build has no inter-latin-wght-normal-*.woff2 to preload');
  page = preloadFont(page, `/assets/${latinFont}`);
  page = mountPrerendered(page, markup);
  fs.writeFileSync(indexPath, page);
  console.log(`pre-rendered / into ${path.relative(root, indexPath)} (${(page.length / 1024).toFixed(1)} KB with its styles)`);
} finally {
  fs.rmSync(ssrDir, { recursive: true, force: true });
}
// The server render may leave client timers behind (e.g. supabase-js's token refresh when the
// VITE_* env is set); the build is complete, so do not wait for them.
process.exit(0);
