/**
 * `npm run build`: the client bundle (vite build), then `/` pre-rendered into its index.html so
 * the landing page paints before JavaScript runs. Other routes get the page with an empty #root
 * (an inline script clears the landing markup before first paint when the path is not `/`).
 *
 *   tsx scripts/build.ts [--outDir dist]
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

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
  const html = await prerenderLanding();
  const indexPath = path.join(outDir, 'index.html');
  const page = fs.readFileSync(indexPath, 'utf8');
  const mount = '<div id="root"></div>';
  if (!page.includes(mount)) throw new Error(`${indexPath} has no empty ${mount} to pre-render into`);
  const onlyForHome = `<script>if(location.pathname!=='/')document.getElementById('root').replaceChildren()</script>`;
  fs.writeFileSync(indexPath, page.replace(mount, `<div id="root">${html}</div>${onlyForHome}`));
  console.log(`pre-rendered / into ${path.relative(root, indexPath)} (${(html.length / 1024).toFixed(1)} KB of HTML)`);
} finally {
  fs.rmSync(ssrDir, { recursive: true, force: true });
}
// The server render may leave client timers behind (e.g. supabase-js's token refresh when the
// VITE_* env is set); the build is complete, so do not wait for them.
process.exit(0);
