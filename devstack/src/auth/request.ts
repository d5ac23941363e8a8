/** Per-request plumbing: JSON in/out, redirects, transactions and the bearer-token guards. */
import type pg from 'pg';
import { JwtError, type Claims, type DevstackContext, type HttpContext } from '../core/types.js';
import { AuthError, forbidden } from './errors.js';
import { CommitThenFail } from './sessions.js';
import { findUserById, isBanned, type UserRow } from './users.js';

export interface AuthRequest {
  ctx: DevstackContext;
  http: HttpContext;
  method: string;
  query: URLSearchParams;
  header(name: string): string | undefined;
}

export function makeRequest(ctx: DevstackContext, http: HttpContext): AuthRequest {
  return {
    ctx,
    http,
    method: (http.req.method ?? 'GET').toUpperCase(),
    query: http.url.searchParams,
    header(name) {
      const value = http.req.headers[name.toLowerCase()];
      return Array.isArray(value) ? value[0] : value;
    },
  };
}

export function sendJson(req: AuthRequest, status: number, body: unknown, headers: Record<string, string> = {}): void {
  req.http.res.writeHead(status, { 'content-type': 'application/json', ...headers });
  req.http.res.end(JSON.stringify(body));
}

export function sendEmpty(req: AuthRequest, status: number): void {
  req.http.res.writeHead(status);
  req.http.res.end();
}

export function redirect(req: AuthRequest, status: 302 | 303, location: string): void {
  req.http.res.writeHead(status, { location, 'cache-control': 'no-store' });
  req.http.res.end();
}

export function sendHtml(req: AuthRequest, status: number, body: string): void {
  req.http.res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  req.http.res.end(body);
}

/** JSON body as an object (GoTrue's retrieveRequestParams): anything else is a 400. */
export async function readParams(req: AuthRequest): Promise<Record<string, unknown>> {
  const body = (await req.http.body()).toString('utf8');
  if (body.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // fall through to GoTrue's message
  }
  throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: invalid JSON');
}

export async function inTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await fn(client);
    await client.query('commit');
    return result;
  } catch (error) {
    if (error instanceof CommitThenFail) {
      await client.query('commit');
      throw error.error;
    }
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

function bearerToken(req: AuthRequest): string {
  const match = /^[Bb]earer (\S+)$/.exec(req.header('authorization') ?? '');
  if (!match) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  return match[1]!;
}

// golang-jwt's wording, which GoTrue puts after "invalid JWT: unable to parse or verify signature, ".
const JWT_REASONS: Record<JwtError['reason'], string> = {
  malformed: 'token is malformed: token contains an invalid number of segments',
  bad_signature: 'token signature is invalid: signature is invalid',
  expired: 'token has invalid claims: token is expired',
  bad_alg: 'token is unverifiable: error while executing keyfunc: unrecognized JWT kid <nil> for algorithm none',
};

export async function verifiedClaims(req: AuthRequest): Promise<Claims> {
  const token = bearerToken(req);
  try {
    return await req.ctx.jwt.verify(token);
  } catch (error) {
    const reason = error instanceof JwtError ? JWT_REASONS[error.reason] : String(error);
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
  }
}

export interface Authenticated {
  claims: Claims;
  user: UserRow;
  sessionId: string | null;
}

/** GoTrue's requireAuthentication: a valid token for an existing user and a live session. */
export async function requireUser(req: AuthRequest): Promise<Authenticated> {
  const claims = await verifiedClaims(req);
  if (!claims.sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(claims.sub)) {
    throw new AuthError(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
  }
  const user = await findUserById(req.ctx.db.admin, claims.sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  const sessionId = typeof claims.session_id === 'string' && claims.session_id !== '' ? claims.session_id : null;
  if (sessionId && sessionId !== '00000000-0000-0000-0000-000000000000') {
    const { rowCount } = await req.ctx.db.admin.query('select 1 from auth.sessions where id = $1::text::uuid', [sessionId]).catch(() => {
      throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
    });
    if (!rowCount) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  return { claims, user, sessionId };
}

/** GoTrue's requireAdminCredentials: only tokens whose role is service_role (or supabase_admin). */
export async function requireAdmin(req: AuthRequest): Promise<Claims> {
  const claims = await verifiedClaims(req);
  if (claims.role !== 'service_role' && claims.role !== ('supabase_admin' as Claims['role'])) {
    throw forbidden('not_admin', 'User not allowed');
  }
  return claims;
}
