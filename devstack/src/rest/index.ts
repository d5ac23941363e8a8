/**
 * The PostgREST-compatible REST service at /rest/v1 (schema `public`, others named in pgrst.db_schemas): GET/HEAD/POST/PATCH/DELETE
 * on tables and views, /rpc/<fn>, the schema cache with `NOTIFY pgrst, 'reload schema'`.
 */
import type pg from 'pg';
import { JwtError, type Claims, type DevstackContext, type HttpContext, type ServiceFactory } from '../core/types.js';
import { readSupabaseConfig } from '../core/supabase-config.js';
import { SchemaCache } from './catalog.js';
import { jwtErrorResponse, parseErrorResponse, pgrstError } from './errors.js';
import { handleRead } from './handle-read.js';
import { handleRpc } from './handle-rpc.js';
import { handleWrite } from './handle-write.js';
import { ParseError } from './parse-util.js';
import { parseQueryParams } from './query-params.js';
import { makeRequest, type RestRequest } from './request.js';
import { send } from './respond.js';

async function requestClaims(http: HttpContext): Promise<Claims> {
  try {
    return (await http.claims()) ?? { role: 'anon' };
  } catch (e) {
    if (!(e instanceof JwtError)) throw e;
    const auth = http.req.headers.authorization;
    const token = auth ? auth.replace(/^bearer\s*/i, '').trim() : (http.req.headers.apikey as string | undefined);
    throw jwtErrorResponse(e, token);
  }
}

/**
 * The schema a request addresses: Accept-Profile (GET/HEAD) or Content-Profile (writes) naming one
 * of the exposed schemas (`pgrst.db_schemas` on the authenticator role, else config.toml [api]
 * schemas, else `public`); the first exposed schema when no profile is named.
 */
async function requestSchema(cache: SchemaCache, http: HttpContext, method: string): Promise<string> {
  const name = method === 'GET' || method === 'HEAD' ? 'accept-profile' : 'content-profile';
  const profile = http.req.headers[name];
  const exposed = (await cache.get()).settings?.schemas ?? ['public'];
  if (typeof profile !== 'string' || profile === '') return exposed[0];
  if (!exposed.includes(profile)) {
    throw pgrstError(406, 'PGRST106', `The schema must be one of the following: ${exposed.join(', ')}`);
  }
  return profile;
}

/** `apikey` may ride in the query string for the gateway; it is never a filter. */
function searchParams(url: URL): URLSearchParams {
  const s = new URLSearchParams(url.search);
  s.delete('apikey');
  return s;
}

async function route(r: RestRequest): Promise<void> {
  const segments = r.http.path.split('/').filter(Boolean).map(decodeURIComponent);
  const isRpc = segments.length === 2 && segments[0] === 'rpc';
  let q;
  try {
    q = parseQueryParams(searchParams(r.http.url), isRpc && r.method !== 'POST');
  } catch (e) {
    if (e instanceof ParseError) throw parseErrorResponse(e.message, e.details);
    throw e;
  }
  if (isRpc) return handleRpc(r, segments[1], q);
  if (segments.length === 0) {
    // The OpenAPI root: supabase-js never needs more than a valid JSON answer here.
    return send(r.http.res, 200, { 'Content-Type': 'application/openapi+json; charset=utf-8' },
      JSON.stringify({ swagger: '2.0', info: { title: 'devstack REST', version: '12' }, paths: {} }));
  }
  if (segments.length !== 1) return send(r.http.res, 404, { 'Content-Type': 'application/json; charset=utf-8' }, '{}');
  switch (r.method) {
    case 'GET':
    case 'HEAD':
      return handleRead(r, segments[0], q);
    case 'POST':
    case 'PATCH':
    case 'DELETE':
      return handleWrite(r, segments[0], q);
    default:
      throw pgrstError(405, 'PGRST117', `Unsupported HTTP method: ${r.method}`);
  }
}

export const createRestService: ServiceFactory = (env: DevstackContext) => {
  // The schemas the CLI would hand PostgREST (PGRST_DB_SCHEMAS) from config.toml [api] schemas.
  const api = (readSupabaseConfig(env.config.rootDir).api ?? {}) as { schemas?: unknown };
  const schemas = Array.isArray(api.schemas) ? api.schemas.filter((x): x is string => typeof x === 'string') : undefined;
  const cache = new SchemaCache(env.db.admin, schemas);
  let listener: pg.Client | undefined;
  return {
    name: 'rest',
    prefix: '/rest/v1',
    async start() {
      listener = await env.db.connect();
      listener.on('notification', (msg) => {
        const payload = (msg.payload ?? '').trim();
        // The role's pgrst.* settings live in the same cache, so either reload re-reads everything.
        if (payload === '' || payload === 'reload schema' || payload === 'reload config') void cache.reload().catch((e: Error) => env.log('rest', `schema reload failed: ${e.message}`));
      });
      await listener.query('LISTEN pgrst');
      await cache.get();
    },
    async stop() {
      await listener?.end().catch(() => undefined);
      listener = undefined;
    },
    async handle(http) {
      const claims = await requestClaims(http);
      const method = (http.req.method ?? 'GET').toUpperCase();
      const schema = await requestSchema(cache, http, method);
      await route(makeRequest(env, cache, http, claims, schema));
    },
  };
};
