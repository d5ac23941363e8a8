/**
 * Edge functions at /functions/v1/<name>: runs supabase/functions/<name>/index.ts in Deno (one
 * process, a Web Worker per function: deno-runtime.ts and devstack/deno/), behind the same checks
 * as hosted Supabase's relay — verify_jwt from
 * supabase/config.toml (default on), 404 for unknown functions, 503/500 when a function fails to
 * boot or throws. Functions answer their own CORS (the gateway leaves this prefix alone), so only
 * the relay's own error responses get `Access-Control-Allow-Origin: *` here.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { SOCIAL_TOKEN_KEY, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from '../core/config.js';
import { localClient, PLATFORM_IDS } from '../platforms/catalog.js';
import { readSupabaseConfig } from '../core/supabase-config.js';
import { HttpError, type DevstackContext, type HttpContext, type Service, type ServiceFactory } from '../core/types.js';
import { DenoFunctions } from './deno-runtime.js';
import { parseDotenv } from '../core/dotenv.js';
import { toWebRequest, sendWebResponse } from './web.js';

const CORS = { 'Access-Control-Allow-Origin': '*' };
const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

const relayError = (status: number, code: number | string, message: string) => new HttpError(status, { code, message }, CORS);

interface FunctionConfig {
  verify_jwt?: boolean;
  entrypoint?: string;
}

export const createFunctionsService: ServiceFactory = (ctx: DevstackContext): Service => {
  const supabaseDir = path.join(ctx.config.rootDir, 'supabase');
  const functionsDir = path.join(supabaseDir, 'functions');
  const baseEnv = (): Record<string, string> => ({
    SUPABASE_URL: ctx.config.apiUrl,
    SUPABASE_ANON_KEY: ctx.config.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: ctx.config.serviceRoleKey,
    SUPABASE_DB_URL: ctx.config.dbUrl,
    // The media worker, for functions that hand it work (a secret on hosted: supabase secrets set WORKER_URL=…).
    WORKER_URL: ctx.config.workerUrl,
    // Outgoing webhooks may go to a receiver on this machine (a local n8n, a test server); on
    // hosted there is no such secret and only public addresses are accepted.
    WEBHOOK_ALLOW_HOSTS: process.env.WEBHOOK_ALLOW_HOSTS ?? '127.0.0.1:*',
    // Billing talks to the local Stripe stand-in; on hosted these are the real Stripe secrets and
    // STRIPE_API_URL is unset (https://api.stripe.com).
    STRIPE_SECRET_KEY: STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: ctx.config.stripeUrl,
    // Where Checkout and the portal may send a user back: the app's origins (hosted: the site's).
    APP_ORIGINS: process.env.APP_ORIGINS ?? 'http://localhost:*,http://127.0.0.1:*',
    // Social accounts connect to the platforms' local stand-ins with local app credentials; on
    // hosted each platform's real app id and secret, SOCIAL_PLATFORMS_URL unset.
    SOCIAL_PLATFORMS_URL: ctx.config.platformsUrl,
    SOCIAL_TOKEN_KEY: SOCIAL_TOKEN_KEY,
    // Generate Caption through a language model, when the developer points at one (an
    // OpenAI-compatible /chat/completions, e.g. a local Ollama); unset, captions are written in the app.
    ...Object.fromEntries(['CAPTION_API_URL', 'CAPTION_API_KEY', 'CAPTION_MODEL'].flatMap((k) => (process.env[k] ? [[k, process.env[k]!]] : []))),
    ...Object.fromEntries(
      PLATFORM_IDS.flatMap((p) => [
        [`SOCIAL_${p.toUpperCase()}_CLIENT_ID`, localClient(p).id],
        [`SOCIAL_${p.toUpperCase()}_CLIENT_SECRET`, localClient(p).secret],
      ]),
    ),
  });
  // As the Supabase CLI does, supabase/functions/.env adds to (never overrides) the environment.
  const functionEnv = (): Record<string, string> => {
    const envFile = path.join(functionsDir, '.env');
    return { ...(existsSync(envFile) ? parseDotenv(readFileSync(envFile, 'utf8')) : {}), ...baseEnv() };
  };
  const deno = new DenoFunctions(functionsDir, functionEnv, (line) => ctx.log('functions', line));

  function functionConfig(name: string): FunctionConfig {
    const cfg = readSupabaseConfig(ctx.config.rootDir) as { functions?: Record<string, FunctionConfig> };
    return cfg.functions?.[name] ?? {};
  }

  function entryOf(name: string, cfg: FunctionConfig): string | null {
    const candidates = cfg.entrypoint
      ? [path.resolve(supabaseDir, cfg.entrypoint)]
      : ['index.ts', 'index.mts', 'index.js', 'index.mjs', 'index.tsx', 'index.jsx'].map((f) => path.join(functionsDir, name, f));
    return candidates.find((f) => existsSync(f) && statSync(f).isFile()) ?? null;
  }

  async function verifyJwt(c: HttpContext): Promise<void> {
    const auth = c.req.headers.authorization;
    if (!auth || auth.trim() === '') throw relayError(401, 401, 'Missing authorization header');
    const m = /^Bearer\s+(\S+)\s*$/i.exec(auth.trim());
    if (!m) throw relayError(401, 401, 'Invalid JWT');
    try {
      await ctx.jwt.verify(m[1]!);
    } catch {
      throw relayError(401, 401, 'Invalid JWT');
    }
  }

  async function handle(c: HttpContext): Promise<void> {
    const [, name = '', ...rest] = c.path.split('/');
    // Folders starting with `_` (e.g. _shared) hold shared code, never a function.
    if (!NAME.test(name)) throw relayError(404, 'NOT_FOUND', 'Requested function was not found');
    const cfg = functionConfig(name);
    const entry = entryOf(name, cfg);
    if (!entry) throw relayError(404, 'NOT_FOUND', 'Requested function was not found');
    // Preflights reach the function unchecked: browsers never send credentials with them.
    if (c.req.method !== 'OPTIONS' && cfg.verify_jwt !== false) await verifyJwt(c);

    const body = c.req.method === 'GET' || c.req.method === 'HEAD' ? null : await c.body();
    // The function sees its own path first, as on hosted: /<name>/<rest>?<query>.
    const host = c.req.headers.host ?? new URL(ctx.config.apiUrl).host;
    const url = `http://${host}/${name}${rest.length ? `/${rest.join('/')}` : ''}${c.url.search}`;
    const aborted = new AbortController();
    c.res.on('close', () => {
      if (!c.res.writableFinished) aborted.abort();
    });
    const request = toWebRequest(c.req, url, body, aborted.signal);
    const remote = c.req.socket.remoteAddress ?? '127.0.0.1';
    // As hosted Supabase's gateway does, the peer's address is appended to X-Forwarded-For: the one
    // entry a client cannot write (functions that count per address read it, _shared/client-address.ts).
    const forwarded = request.headers.get('x-forwarded-for');
    request.headers.set('x-forwarded-for', forwarded ? `${forwarded}, ${remote}` : remote);
    // The hop to Deno carries the body as it is (Deno.serve would compress it for the relay).
    request.headers.set('accept-encoding', 'identity');

    let upstream: Response;
    try {
      upstream = await deno.call(name, entry, request, `${remote}:${c.req.socket.remotePort ?? 0}`);
    } catch (err) {
      if (aborted.signal.aborted) return;
      ctx.log('functions', `${name}: the Deno host did not answer: ${(err as Error).message}`);
      throw relayError(503, 'BOOT_ERROR', 'Worker failed to boot (please check logs)');
    }
    const failure = upstream.headers.get('x-devstack-error');
    if (failure) {
      ctx.log('functions', `${name} ${failure === 'boot' ? 'failed to boot' : failure === 'threw' ? 'threw' : 'did not answer with a Response'}: ${((await upstream.json().catch(() => ({}))) as { error?: string }).error ?? ''}`);
      if (failure === 'boot') throw relayError(503, 'BOOT_ERROR', 'Worker failed to boot (please check logs)');
      throw relayError(500, 'WORKER_ERROR', 'Function exited due to an error (please check logs)');
    }
    const headers = new Headers(upstream.headers);
    for (const hop of ['connection', 'keep-alive', 'transfer-encoding']) headers.delete(hop);
    await sendWebResponse(c.res, new Response(upstream.body, { status: upstream.status, statusText: upstream.statusText, headers }), c.req.method === 'HEAD');
  }

  return {
    name: 'functions',
    prefix: '/functions/v1',
    handle,
    async start() {
      // Deno starts in the background: the devstack is ready before it, and the first call waits.
      void deno.warm();
    },
    async stop() {
      await deno.close();
    },
  };
};
