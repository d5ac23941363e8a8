/**
 * `npm run deploy:check -- <env file>`: before a deploy, checks one env file holding what every part
 * needs (README "Deploying"): the SPA's build variables, the edge functions' secrets and the media
 * worker's environment. Each variable a part needs is set; URLs and origins are https; keys are not
 * the local devstack's demo keys (nor signed with its JWT secret); nothing points at a local
 * stand-in; nothing secret is in a VITE_ variable (those ship in the browser bundle). Prints one
 * line per check and exits 1 when any fails; `--json` prints the same as JSON.
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseDotenv } from '@shotcraft/devstack/src/core/dotenv.ts';
import { ANON_KEY, JWT_SECRET, SERVICE_ROLE_KEY, SOCIAL_TOKEN_KEY, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from '@shotcraft/devstack/src/core/config.ts';
import { OPENAI_STANDIN_KEY } from '@shotcraft/devstack/src/platforms/openai-images.ts';

type Env = Record<string, string>;

export interface Check {
  name: string;
  ok: boolean;
  /** What the variable does, or what is wrong with it. */
  detail: string;
}

export interface PartReport {
  part: string;
  checks: Check[];
}

const DEMO_VALUES = new Map<string, string>([
  [ANON_KEY, "the devstack's anon key"],
  [SERVICE_ROLE_KEY, "the devstack's service-role key"],
  [JWT_SECRET, "the devstack's JWT secret"],
  [STRIPE_SECRET_KEY, "the Stripe stand-in's key"],
  [STRIPE_WEBHOOK_SECRET, "the Stripe stand-in's webhook secret"],
  [SOCIAL_TOKEN_KEY, "the devstack's token key"],
  [OPENAI_STANDIN_KEY, "the image stand-in's key"],
]);

const PLATFORMS = ['INSTAGRAM', 'FACEBOOK', 'TWITTER', 'TIKTOK', 'PINTEREST'] as const;
const STUDIO_WEBHOOKS = ['LIGHTBOX', 'REFINE', 'SPIN360', 'UGC', 'COMPETITOR_AD'] as const;

/** Why a value is a local one: a demo key, a loopback or private host, or plain http. */
function localness(value: string): string | null {
  const demo = DEMO_VALUES.get(value);
  if (demo) return `is ${demo}`;
  if (signedWithDemoSecret(value)) return "is signed with the devstack's JWT secret";
  return null;
}

function signedWithDemoSecret(value: string): boolean {
  const parts = value.split('.');
  if (parts.length !== 3) return false;
  const expected = createHmac('sha256', JWT_SECRET).update(`${parts[0]}.${parts[1]}`).digest('base64url');
  return expected === parts[2];
}

function jwtRole(value: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(value.split('.')[1] ?? '', 'base64url').toString('utf8')) as { role?: unknown };
    return typeof payload.role === 'string' ? payload.role : null;
  } catch {
    return null;
  }
}

const LOCAL_HOST = /^(localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|\[::1\]|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(1[6-9]|2\d|3[01])\.\d+\.\d+)$/i;

function httpsProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not a URL';
  }
  if (url.protocol !== 'https:') return 'must be https';
  if (LOCAL_HOST.test(url.hostname)) return `points at ${url.hostname}, which users cannot reach`;
  return null;
}

function originsProblem(value: string): string | null {
  const origins = value.split(',').map((s) => s.trim()).filter(Boolean);
  if (origins.length === 0) return 'lists no origin';
  for (const origin of origins) {
    if (origin === '*') return 'allows every origin ("*")';
    const problem = httpsProblem(origin.replace(':*', ''));
    if (problem) return `${origin} ${problem}`;
  }
  return null;
}

type Kind = 'url' | 'origins' | 'secret' | 'anon-jwt' | 'service-jwt' | 'stripe-secret' | 'stripe-webhook' | 'key-32' | 'text';

interface Rule {
  name: string;
  kind: Kind;
  does: string;
  /** Needed (true), optional (false), or needed when another variable is set. */
  required: boolean | string;
}

function problemOf(kind: Kind, value: string): string | null {
  const local = localness(value);
  if (local) return local;
  switch (kind) {
    case 'url':
      return httpsProblem(value);
    case 'origins':
      return originsProblem(value);
    case 'anon-jwt':
      return jwtRole(value) === 'anon' ? null : 'is not an anon key (a JWT with role anon)';
    case 'service-jwt':
      return jwtRole(value) === 'service_role' ? null : 'is not a service-role key (a JWT with role service_role)';
    case 'stripe-secret':
      return /^(sk|rk)_(live|test)_[A-Za-z0-9]{10,}$/.test(value) ? null : 'is not a Stripe secret or restricted key (sk_live_…, rk_live_…)';
    case 'stripe-webhook':
      return /^whsec_[A-Za-z0-9+/=]{10,}$/.test(value) ? null : "is not a webhook endpoint's signing secret (whsec_…)";
    case 'key-32':
      return Buffer.from(value, 'base64').length === 32 && /^[A-Za-z0-9+/]+=*$/.test(value) ? null : 'must be 32 random bytes in base64 (openssl rand -base64 32)';
    case 'secret':
      return value.length >= 32 ? null : 'is shorter than 32 characters';
    case 'text':
      return null;
  }
}

export const PARTS: { part: string; rules: Rule[]; forbidden: { name: string; why: string }[] }[] = [
  {
    part: 'SPA build (VITE_*, baked into the static files)',
    rules: [
      { name: 'VITE_SUPABASE_URL', kind: 'url', does: "the project's API URL", required: true },
      { name: 'VITE_SUPABASE_ANON_KEY', kind: 'anon-jwt', does: "the project's anon (publishable) key", required: true },
      ...STUDIO_WEBHOOKS.map((s): Rule => ({ name: `VITE_WEBHOOK_${s}_URL`, kind: 'url', does: `the worker's /webhooks/${s.toLowerCase()}`, required: true })),
      { name: 'VITE_EMBED_ALLOWED_ORIGINS', kind: 'origins', does: 'sites that may embed the UGC studio', required: false },
      { name: 'VITE_CAPTION_MODEL', kind: 'text', does: 'Generate Caption asks the hosted model', required: false },
    ],
    forbidden: [],
  },
  {
    part: 'Edge functions (supabase secrets set)',
    rules: [
      { name: 'WORKER_URL', kind: 'url', does: "the media worker's base URL, for functions that hand it work", required: true },
      { name: 'APP_ORIGINS', kind: 'origins', does: "the site's origins: CORS and where Checkout may return", required: true },
      { name: 'STRIPE_SECRET_KEY', kind: 'stripe-secret', does: 'Checkout, the portal and webhooks', required: true },
      { name: 'STRIPE_WEBHOOK_SECRET', kind: 'stripe-webhook', does: 'verifies stripe-webhook events', required: true },
      { name: 'SOCIAL_TOKEN_KEY', kind: 'key-32', does: 'seals platform tokens (AES-GCM)', required: true },
      { name: 'TRIAL_ADDRESS_KEY', kind: 'secret', does: "keys the visitor trial's address hashes", required: true },
      ...PLATFORMS.flatMap((p): Rule[] => [
        { name: `SOCIAL_${p}_CLIENT_ID`, kind: 'text', does: `the ${p.toLowerCase()} app's client id`, required: true },
        { name: `SOCIAL_${p}_CLIENT_SECRET`, kind: 'text', does: `the ${p.toLowerCase()} app's client secret`, required: true },
      ]),
      { name: 'CAPTION_API_URL', kind: 'url', does: 'an OpenAI-compatible chat API for Generate Caption', required: false },
      { name: 'CAPTION_API_KEY', kind: 'text', does: "the caption API's key", required: 'CAPTION_API_URL' },
      { name: 'CAPTION_MODEL', kind: 'text', does: 'the caption model', required: 'CAPTION_API_URL' },
    ],
    forbidden: [
      { name: 'SOCIAL_PLATFORMS_URL', why: "sends every platform call to a stand-in; unset, the platforms' real APIs are used" },
      { name: 'STRIPE_API_URL', why: 'sends Stripe calls to a stand-in; unset, https://api.stripe.com is used' },
      { name: 'WEBHOOK_ALLOW_HOSTS', why: "lets users' outgoing webhooks reach private addresses" },
    ],
  },
  {
    part: 'Media worker (container environment)',
    rules: [
      { name: 'SUPABASE_URL', kind: 'url', does: "the project's API URL", required: true },
      { name: 'SUPABASE_SERVICE_ROLE_KEY', kind: 'service-jwt', does: 'claims and completes jobs, writes results', required: true },
      { name: 'WORKER_ALLOWED_ORIGINS', kind: 'origins', does: 'CORS: the site that calls the webhooks', required: true },
      { name: 'LIGHTBOX_CUTOUT_URL', kind: 'url', does: 'a hosted cut-out instead of the local model', required: false },
      { name: 'LIGHTBOX_CUTOUT_KEY', kind: 'text', does: "the cut-out API's key", required: 'LIGHTBOX_CUTOUT_URL' },
      { name: 'LIGHTBOX_SCENE_URL', kind: 'url', does: 'photo-real described backdrops from a hosted image model', required: false },
      { name: 'LIGHTBOX_SCENE_KEY', kind: 'text', does: "the image model's key", required: 'LIGHTBOX_SCENE_URL' },
      { name: 'UGC_TTS_URL', kind: 'url', does: 'a hosted voice for UGC ads', required: false },
    ],
    forbidden: [{ name: 'UGC_RENDER_SCALE', why: 'renders UGC ads below full size (test stacks only)' }],
  },
];

export function checkDeployEnv(env: Env): PartReport[] {
  const reports: PartReport[] = PARTS.map(({ part, rules, forbidden }) => {
    const checks: Check[] = [];
    for (const rule of rules) {
      const value = env[rule.name]?.trim() ?? '';
      const needed = rule.required === true || (typeof rule.required === 'string' && !!env[rule.required]?.trim());
      if (!value) {
        if (needed) checks.push({ name: rule.name, ok: false, detail: `not set: ${rule.does}` });
        continue;
      }
      const problem = problemOf(rule.kind, value);
      checks.push({ name: rule.name, ok: !problem, detail: problem ?? rule.does });
    }
    for (const { name, why } of forbidden) if (env[name]?.trim()) checks.push({ name, ok: false, detail: `set, but ${why}` });
    return { part, checks };
  });

  // One project for all three, and nothing secret in the browser bundle.
  const shared: Check[] = [];
  if (env.VITE_SUPABASE_URL && env.SUPABASE_URL && env.VITE_SUPABASE_URL.replace(/\/+$/, '') !== env.SUPABASE_URL.replace(/\/+$/, '')) {
    shared.push({ name: 'SUPABASE_URL', ok: false, detail: 'differs from VITE_SUPABASE_URL: the SPA and the worker must use one project' });
  }
  for (const [name, value] of Object.entries(env)) {
    if (!name.startsWith('VITE_') || !value) continue;
    const secret = value === env.SUPABASE_SERVICE_ROLE_KEY || jwtRole(value) === 'service_role' || /^(sk|rk)_(live|test)_|^whsec_/.test(value) || Object.entries(env).some(([other, v]) => !other.startsWith('VITE_') && /KEY|SECRET/.test(other) && v === value && other !== 'SUPABASE_ANON_KEY');
    if (secret) shared.push({ name, ok: false, detail: 'holds a secret, and every VITE_ variable ships in the browser bundle' });
  }
  if (shared.length) reports.push({ part: 'Across parts', checks: shared });
  return reports;
}

function main(argv: string[]): number {
  const json = argv.includes('--json');
  const file = argv.find((a) => !a.startsWith('--'));
  if (!file) {
    console.error('usage: npm run deploy:check -- <env file> [--json]   (README "Deploying" lists every variable)');
    return 2;
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    console.error(`deploy:check: cannot read ${file}: ${(err as Error).message}`);
    return 2;
  }
  const reports = checkDeployEnv(parseDotenv(text));
  const failed = reports.flatMap((r) => r.checks.filter((c) => !c.ok)).length;
  if (json) console.log(JSON.stringify({ ok: failed === 0, reports }, null, 2));
  else {
    for (const { part, checks } of reports) {
      console.log(`\n${part}`);
      for (const c of checks) console.log(`  ${c.ok ? '✓' : '✗'} ${c.name} — ${c.detail}`);
    }
    console.log(failed ? `\n${failed} problem${failed === 1 ? '' : 's'}: fix them before deploying.` : '\nReady to deploy.');
  }
  return failed ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(main(process.argv.slice(2)));
