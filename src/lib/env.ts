/**
 * The browser's configuration, parsed once. Only public values live here: the Supabase URL and
 * anon key, and the automation webhook URLs. A missing or malformed value is reported on a
 * configuration screen instead of failing later with a blank page.
 *
 * Checked by hand rather than with zod: six strings do not need a schema library, and this module
 * runs on every page, the landing page included (zod/mini alone was 16 KB gzip there).
 */
export interface Env {
  VITE_SUPABASE_URL: string;
  VITE_SUPABASE_ANON_KEY: string;
  VITE_WEBHOOK_REFINE_URL?: string;
  VITE_WEBHOOK_LIGHTBOX_URL?: string;
  VITE_WEBHOOK_SPIN360_URL?: string;
  VITE_WEBHOOK_UGC_URL?: string;
  VITE_WEBHOOK_COMPETITOR_AD_URL?: string;
  /** 'true': attach the original to webhook forms, for automation tools that cannot read storage. */
  VITE_WEBHOOK_SEND_FILE?: string;
  /** 'true': Generate Caption asks the social-caption function (a hosted language model) first. */
  VITE_CAPTION_MODEL?: string;
  /** Pages that may embed /embedded and hear when a video is done: comma-separated origins, `*` as a port matches any. */
  VITE_EMBED_ALLOWED_ORIGINS?: string;
}

export interface EnvProblem {
  name: string;
  message: string;
}

export type EnvResult = { ok: true; env: Env } | { ok: false; problems: EnvProblem[] };

type Check = (value: string) => string | null;

const httpUrl: Check = (value) => {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:' ? null : 'must be an http(s) URL';
  } catch {
    return 'must be an http(s) URL';
  }
};

const jwt: Check = (value) => (/^[\w-]+\.[\w-]+\.[\w-]+$/.test(value) ? null : 'must be a JWT (three dot-separated parts)');

const origins: Check = (value) => (value.split(',').every((o) => /^https?:\/\/[^/\s,]+$/.test(o.trim())) ? null : 'must be comma-separated origins like https://shop.example');

const flag: Check = (value) => (value === 'true' || value === 'false' ? null : 'must be true or false');

const FIELDS: { name: keyof Env; check: Check; required: boolean }[] = [
  { name: 'VITE_SUPABASE_URL', check: httpUrl, required: true },
  { name: 'VITE_SUPABASE_ANON_KEY', check: jwt, required: true },
  { name: 'VITE_WEBHOOK_REFINE_URL', check: httpUrl, required: false },
  { name: 'VITE_WEBHOOK_LIGHTBOX_URL', check: httpUrl, required: false },
  { name: 'VITE_WEBHOOK_SPIN360_URL', check: httpUrl, required: false },
  { name: 'VITE_WEBHOOK_UGC_URL', check: httpUrl, required: false },
  { name: 'VITE_WEBHOOK_COMPETITOR_AD_URL', check: httpUrl, required: false },
  { name: 'VITE_WEBHOOK_SEND_FILE', check: flag, required: false },
  { name: 'VITE_CAPTION_MODEL', check: flag, required: false },
  { name: 'VITE_EMBED_ALLOWED_ORIGINS', check: origins, required: false },
];

export function parseEnv(source: Record<string, unknown>): EnvResult {
  const env: Partial<Env> = {};
  const problems: EnvProblem[] = [];
  for (const { name, check, required } of FIELDS) {
    const value = source[name];
    // Empty strings in .env files mean "not set".
    if (value === undefined || value === '') {
      if (required) problems.push({ name, message: 'is missing' });
      continue;
    }
    const problem = typeof value === 'string' ? check(value) : 'must be a string';
    if (problem) problems.push({ name, message: problem });
    else env[name] = value as string;
  }
  return problems.length ? { ok: false, problems } : { ok: true, env: env as Env };
}

let cached: EnvResult | undefined;

export function readEnv(): EnvResult {
  cached ??= parseEnv(import.meta.env);
  return cached;
}

/** The parsed env; only call once the app has rendered past the configuration check. */
export function env(): Env {
  const result = readEnv();
  if (!result.ok) throw new Error(`Invalid configuration: ${result.problems.map((p) => p.name).join(', ')}`);
  return result.env;
}
