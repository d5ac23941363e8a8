/**
 * Bundle report: the gzip bytes of JS and CSS a visitor of `/` downloads before the landing page
 * renders (the entry, its static imports, and the landing route's chunk with its static imports),
 * and the largest route chunk. Sizes are deterministic, so CI fails on a budget breach. It also
 * fails when any file of the build holds a server secret: the devstack's service-role key, JWT
 * secret, Stripe keys or token-sealing key, or any JWT whose role is service_role.
 *
 *   npm run build && npm run size
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { JWT_SECRET, SERVICE_ROLE_KEY, SOCIAL_TOKEN_KEY, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from '@shotcraft/devstack/src/core/config.ts';
import { staticClosure, type Manifest } from './lib/html';

const BUDGET_JS_GZIP = 120 * 1024;
const dist = path.resolve(process.argv[2] ?? 'dist');
const manifestPath = path.join(dist, '.vite', 'manifest.json');

if (!fs.existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: run \`npm run build\` first.`);
  process.exit(2);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
const gzip = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;

/** Files a chunk pulls in eagerly: itself, its static imports (recursively) and their CSS. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  for (const file of staticClosure(manifest, key)) {
    seen.add(file);
    const chunk = Object.values(manifest).find((c) => c.file === file);
    for (const css of chunk?.css ?? []) seen.add(css);
  }
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
const landingKey = Object.keys(manifest).find((k) => k.endsWith('src/app/routes/landing.tsx'));
if (!entryKey || !landingKey) {
  console.error('Could not find the entry or the landing route in the manifest.');
  process.exit(2);
}

const files = closure(landingKey, closure(entryKey));
const sum = (ext: string) => [...files].filter((f) => f.endsWith(ext)).reduce((n, f) => n + gzip(f), 0);
const jsGzip = sum('.js');
const cssGzip = sum('.css');

const routes = Object.values(manifest)
  .filter((c) => c.isDynamicEntry)
  .map((c) => ({ route: c.src ?? c.file, file: c.file, gzip: gzip(c.file) }))
  .sort((a, b) => b.gzip - a.gzip);

const report = {
  landing: {
    js_gzip_bytes: jsGzip,
    css_gzip_bytes: cssGzip,
    files: [...files].sort(),
  },
  largest_route_chunk: routes[0] ?? null,
  budget: { landing_js_gzip_bytes: BUDGET_JS_GZIP, ok: jsGzip <= BUDGET_JS_GZIP },
};
/** Server secrets in the build: known values, and any JWT that claims the service_role. */
function secretsIn(dir: string): string[] {
  const known = { SERVICE_ROLE_KEY, JWT_SECRET, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, SOCIAL_TOKEN_KEY };
  const found: string[] = [];
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const file = path.join(d, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.(js|html|css|json|map|txt)$/.test(entry.name)) {
        const text = fs.readFileSync(file, 'utf8');
        for (const [name, value] of Object.entries(known)) if (text.includes(value)) found.push(`${path.relative(dir, file)}: ${name}`);
        for (const jwt of text.match(/eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/g) ?? []) {
          let role: unknown;
          try {
            role = (JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as { role?: unknown }).role;
          } catch {
            continue;
          }
          if (role === 'service_role') found.push(`${path.relative(dir, file)}: a service_role JWT`);
        }
      }
    }
  };
  walk(dir);
  return found;
}
const secrets = secretsIn(dist);

console.log(JSON.stringify({ ...report, secrets_in_build: secrets }, null, 2));
if (secrets.length) {
  console.error(`Server secrets in the build: ${secrets.join('; ')}`);
  process.exit(1);
}
if (!report.budget.ok) {
  console.error(`Over budget: / loads ${jsGzip} bytes of gzip JS (budget ${BUDGET_JS_GZIP}).`);
  process.exit(1);
}
