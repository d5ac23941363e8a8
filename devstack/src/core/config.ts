import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signHs256 } from './jwt.js';
import { GLOBAL_FILE_SIZE_LIMIT, parseFileSizeLimit } from '../storage/limits.js';
import { readSupabaseConfig } from './supabase-config.js';
import type { DevstackConfig } from './types.js';

/** Local-only secret, the same one `supabase start` uses, so tokens never leave a dev machine. */
export const JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

/** Fixed claims make the keys stable across machines and restarts (they are in .env.example). */
export const ANON_KEY = signHs256({ iss: 'supabase-demo', role: 'anon', iat: 1700000000, exp: 2000000000 }, JWT_SECRET);
export const SERVICE_ROLE_KEY = signHs256(
  { iss: 'supabase-demo', role: 'service_role', iat: 1700000000, exp: 2000000000 },
  JWT_SECRET,
);

/** The stand-in's test-mode keys (local only, like the JWT secret); the functions get them as their Stripe secrets. */
export const STRIPE_SECRET_KEY = 'sk_test_devstack_0000000000000000000000000000';
export const STRIPE_WEBHOOK_SECRET = 'whsec_devstack_00000000000000000000000000000000';

/** The key the functions seal platform tokens with locally (32 bytes, base64; a secret of its own on hosted). */
export const SOCIAL_TOKEN_KEY = Buffer.from('shotcraft-devstack-social-key-32').toString('base64');

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function port(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 65535) throw new Error(`${name} must be a port number, got "${raw}"`);
  return n;
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  throw new Error(`${name} must be true or false, got "${raw}"`);
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/**
 * Precedence: built-in defaults < supabase/config.toml < DEVSTACK_* environment < `overrides`.
 * URLs derived from ports are recomputed after overrides unless given explicitly.
 */
export function loadConfig(overrides: Partial<DevstackConfig> = {}, env: NodeJS.ProcessEnv = process.env): DevstackConfig {
  const rootDir = overrides.rootDir ?? REPO_ROOT;
  const toml = readSupabaseConfig(rootDir);
  const auth = toml.auth ?? {};
  const dataDir = overrides.dataDir ?? (env.DEVSTACK_DIR ? path.resolve(env.DEVSTACK_DIR) : path.join(rootDir, '.devstack'));
  const apiPort = overrides.apiPort ?? port(env, 'DEVSTACK_API_PORT') ?? num(toml.api?.port) ?? 54321;
  const dbPort = overrides.dbPort ?? port(env, 'DEVSTACK_DB_PORT') ?? num(toml.db?.port) ?? 54322;
  const inboxPort = overrides.inboxPort ?? port(env, 'DEVSTACK_INBOX_PORT') ?? num(toml.inbucket?.port) ?? 54324;
  const stripePort = overrides.stripePort ?? port(env, 'DEVSTACK_STRIPE_PORT') ?? 54327;
  const platformsPort = overrides.platformsPort ?? port(env, 'DEVSTACK_PLATFORMS_PORT') ?? 54328;
  const apiUrl = overrides.apiUrl ?? `http://127.0.0.1:${apiPort}`;
  const redirects = auth.additional_redirect_urls;
  return {
    rootDir,
    dataDir,
    apiPort,
    dbPort,
    inboxPort,
    apiUrl,
    inboxUrl: overrides.inboxUrl ?? `http://127.0.0.1:${inboxPort}`,
    stripePort,
    stripeUrl: overrides.stripeUrl ?? `http://127.0.0.1:${stripePort}`,
    platformsPort,
    platformsUrl: overrides.platformsUrl ?? `http://127.0.0.1:${platformsPort}`,
    stripeWebhookUrl: overrides.stripeWebhookUrl ?? `${apiUrl}/functions/v1/stripe-webhook`,
    workerUrl: overrides.workerUrl ?? (env.DEVSTACK_WORKER_URL || 'http://127.0.0.1:54330'),
    siteUrl: overrides.siteUrl ?? (typeof auth.site_url === 'string' ? auth.site_url : 'http://localhost:5173'),
    additionalRedirectUrls:
      overrides.additionalRedirectUrls ?? (Array.isArray(redirects) ? redirects.map(String) : []),
    jwtSecret: overrides.jwtSecret ?? JWT_SECRET,
    jwtExpiry: overrides.jwtExpiry ?? num(auth.jwt_expiry) ?? 3600,
    enableConfirmations:
      overrides.enableConfirmations ??
      (typeof auth.email?.enable_confirmations === 'boolean' ? auth.email.enable_confirmations : true),
    enableAnonymousSignIns:
      overrides.enableAnonymousSignIns ??
      (typeof auth.enable_anonymous_sign_ins === 'boolean' ? auth.enable_anonymous_sign_ins : false),
    updatePasswordRequireCurrentPassword:
      overrides.updatePasswordRequireCurrentPassword ?? flag(env, 'DEVSTACK_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD') ?? true,
    updatePasswordRequireReauthentication:
      overrides.updatePasswordRequireReauthentication ??
      (typeof auth.email?.secure_password_change === 'boolean' ? auth.email.secure_password_change : false),
    anonKey: overrides.anonKey ?? ANON_KEY,
    serviceRoleKey: overrides.serviceRoleKey ?? SERVICE_ROLE_KEY,
    dbUrl: overrides.dbUrl ?? `postgres://postgres:postgres@127.0.0.1:${dbPort}/postgres`,
    storageFileSizeLimit: overrides.storageFileSizeLimit ?? parseFileSizeLimit(toml.storage?.file_size_limit) ?? GLOBAL_FILE_SIZE_LIMIT,
    tiktokVerifiedUrlPrefixes:
      overrides.tiktokVerifiedUrlPrefixes ??
      (env.DEVSTACK_TIKTOK_VERIFIED_URL_PREFIXES ? env.DEVSTACK_TIKTOK_VERIFIED_URL_PREFIXES.split(',').map((s) => s.trim()).filter(Boolean) : [`${apiUrl}/storage/v1/`]),
  };
}
