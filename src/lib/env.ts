import * as z from 'zod/mini';

/**
 * The browser's configuration, parsed once. Only public values live here: the Supabase URL and
 * anon key, and the automation webhook URLs. A missing or malformed value is reported on a
 * configuration screen instead of failing later with a blank page.
 */
const url = z.url({ protocol: /^https?$/ });

const EnvSchema = z.object({
  VITE_SUPABASE_URL: url,
  VITE_SUPABASE_ANON_KEY: z.string().check(z.regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, 'must be a JWT (three dot-separated parts)')),
  VITE_WEBHOOK_REFINE_URL: z.optional(url),
  VITE_WEBHOOK_LIGHTBOX_URL: z.optional(url),
  VITE_WEBHOOK_SPIN360_URL: z.optional(url),
  VITE_WEBHOOK_UGC_URL: z.optional(url),
});

export type Env = z.infer<typeof EnvSchema>;

export interface EnvProblem {
  name: string;
  message: string;
}

export type EnvResult = { ok: true; env: Env } | { ok: false; problems: EnvProblem[] };

export function parseEnv(source: Record<string, unknown>): EnvResult {
  // Empty strings in .env files mean "not set".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const result = EnvSchema.safeParse(cleaned);
  if (result.success) return { ok: true, env: result.data };
  return {
    ok: false,
    problems: result.error.issues.map((issue) => ({
      name: String(issue.path[0] ?? 'env'),
      message: issue.code === 'invalid_type' ? 'is missing' : issue.message,
    })),
  };
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
