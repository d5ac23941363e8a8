import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ANON_KEY, SERVICE_ROLE_KEY, SOCIAL_TOKEN_KEY, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from '@shotcraft/devstack/src/core/config.ts';
import { signHs256 } from '@shotcraft/devstack/src/core/jwt.ts';
import { checkDeployEnv } from './deploy-check';

const jwt = (role: string, secret: string) => signHs256({ iss: 'supabase', ref: 'abcdefgh', role, iat: 1764000000, exp: 2079000000 }, secret);
const projectSecret = randomBytes(32).toString('hex');

/** Everything a real deploy sets, with real-looking values. */
const good = (): Record<string, string> => ({
  VITE_SUPABASE_URL: 'https://abcdefgh.supabase.co',
  VITE_SUPABASE_ANON_KEY: jwt('anon', projectSecret),
  VITE_WEBHOOK_LIGHTBOX_URL: 'https://worker.shotcraft.app/webhooks/lightbox',
  VITE_WEBHOOK_REFINE_URL: 'https://worker.shotcraft.app/webhooks/refine',
  VITE_WEBHOOK_SPIN360_URL: 'https://worker.shotcraft.app/webhooks/spin360',
  VITE_WEBHOOK_UGC_URL: 'https://worker.shotcraft.app/webhooks/ugc',
  VITE_WEBHOOK_COMPETITOR_AD_URL: 'https://worker.shotcraft.app/webhooks/competitor_ad',
  WORKER_URL: 'https://worker.shotcraft.app',
  APP_ORIGINS: 'https://shotcraft.app,https://www.shotcraft.app',
  STRIPE_SECRET_KEY: 'sk_live_51AbCdEfGhIjKlMnOp',
  STRIPE_WEBHOOK_SECRET: 'whsec_AbCdEfGhIjKlMnOpQrSt',
  SOCIAL_TOKEN_KEY: randomBytes(32).toString('base64'),
  TRIAL_ADDRESS_KEY: randomBytes(32).toString('hex'),
  ...Object.fromEntries(['INSTAGRAM', 'FACEBOOK', 'TWITTER', 'TIKTOK', 'PINTEREST'].flatMap((p) => [[`SOCIAL_${p}_CLIENT_ID`, `${p.toLowerCase()}-id`], [`SOCIAL_${p}_CLIENT_SECRET`, `${p.toLowerCase()}-secret`]])),
  SUPABASE_URL: 'https://abcdefgh.supabase.co',
  SUPABASE_SERVICE_ROLE_KEY: jwt('service_role', projectSecret),
  WORKER_ALLOWED_ORIGINS: 'https://shotcraft.app',
});

const failures = (env: Record<string, string>) => checkDeployEnv(env).flatMap((r) => r.checks.filter((c) => !c.ok).map((c) => `${c.name}: ${c.detail}`));

describe('deploy:check', () => {
  it('passes a complete production env file, part by part', () => {
    const reports = checkDeployEnv(good());
    expect(failures(good())).toEqual([]);
    expect(reports.map((r) => r.part)).toEqual(['SPA build (VITE_*, baked into the static files)', 'Edge functions (supabase secrets set)', 'Media worker (container environment)']);
    expect(reports[1]!.checks.length).toBe(16);
  });

  it("refuses the devstack's values: demo keys, the stand-ins' secrets, http and loopback URLs, stand-in overrides", () => {
    const env = {
      ...good(),
      VITE_SUPABASE_URL: 'http://127.0.0.1:54321',
      VITE_SUPABASE_ANON_KEY: ANON_KEY,
      SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
      STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET,
      SOCIAL_TOKEN_KEY,
      WORKER_URL: 'https://192.168.1.20:54330',
      WORKER_ALLOWED_ORIGINS: '*',
      SOCIAL_PLATFORMS_URL: 'http://127.0.0.1:54328',
      UGC_RENDER_SCALE: '0.25',
    };
    expect(failures(env)).toEqual([
      'VITE_SUPABASE_URL: must be https',
      "VITE_SUPABASE_ANON_KEY: is the devstack's anon key",
      'WORKER_URL: points at 192.168.1.20, which users cannot reach',
      "STRIPE_SECRET_KEY: is the Stripe stand-in's key",
      "STRIPE_WEBHOOK_SECRET: is the Stripe stand-in's webhook secret",
      "SOCIAL_TOKEN_KEY: is the devstack's token key",
      "SOCIAL_PLATFORMS_URL: set, but sends every platform call to a stand-in; unset, the platforms' real APIs are used",
      "SUPABASE_SERVICE_ROLE_KEY: is the devstack's service-role key",
      'WORKER_ALLOWED_ORIGINS: allows every origin ("*")',
      'UGC_RENDER_SCALE: set, but renders UGC ads below full size (test stacks only)',
      'SUPABASE_URL: differs from VITE_SUPABASE_URL: the SPA and the worker must use one project',
    ]);
    // A key signed with the devstack's JWT secret is refused whatever its claims.
    expect(failures({ ...good(), VITE_SUPABASE_ANON_KEY: jwt('anon', 'super-secret-jwt-token-with-at-least-32-characters-long') })).toEqual(["VITE_SUPABASE_ANON_KEY: is signed with the devstack's JWT secret"]);
  });

  it('names what is missing and what it is for, and what an optional service needs once it is set', () => {
    const env = good();
    delete env.STRIPE_WEBHOOK_SECRET;
    delete env.SOCIAL_TIKTOK_CLIENT_SECRET;
    env.LIGHTBOX_SCENE_URL = 'https://api.openai.com/v1';
    expect(failures(env)).toEqual([
      'STRIPE_WEBHOOK_SECRET: not set: verifies stripe-webhook events',
      "SOCIAL_TIKTOK_CLIENT_SECRET: not set: the tiktok app's client secret",
      "LIGHTBOX_SCENE_KEY: not set: the image model's key",
    ]);
  });

  it('refuses a secret in a VITE_ variable (it would ship in the browser bundle), and a key of the wrong kind', () => {
    const env = { ...good(), VITE_SERVICE_KEY: good().SUPABASE_SERVICE_ROLE_KEY!, VITE_SUPABASE_ANON_KEY: jwt('service_role', projectSecret) };
    expect(failures(env)).toEqual([
      'VITE_SUPABASE_ANON_KEY: is not an anon key (a JWT with role anon)',
      'VITE_SUPABASE_ANON_KEY: holds a secret, and every VITE_ variable ships in the browser bundle',
      'VITE_SERVICE_KEY: holds a secret, and every VITE_ variable ships in the browser bundle',
    ]);
  });
});
