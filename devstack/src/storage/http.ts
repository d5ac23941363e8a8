/** Small HTTP helpers shared by the storage routes. */
import { Readable } from 'node:stream';
import { JwtError, type Claims, type HttpContext, type RequestInfo } from '../core/types.js';
import { errors, fromJwtError } from './errors.js';

/** The caller's claims; no token means anon (storage-js always sends at least the anon key). */
/**
 * The caller's verified claims. A request with no key at all (no Authorization, no apikey) is
 * refused as storage-api refuses it ('Invalid Compact JWS', 400): public and signed downloads do
 * not come here.
 */
export async function callerClaims(ctx: HttpContext): Promise<Claims> {
  try {
    const claims = await ctx.claims();
    if (!claims) throw errors.invalidJwt('Invalid Compact JWS');
    return claims;
  } catch (e) {
    if (e instanceof JwtError) throw fromJwtError(e);
    throw e;
  }
}

/** Bucket administration that storage-api restricts to the service role (emptyBucket). */
export function requireServiceRole(claims: Claims): void {
  if (claims.role !== 'service_role') throw errors.accessDenied('Access denied: Invalid role', 403);
}

export function requestInfo(ctx: HttpContext): RequestInfo {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(ctx.req.headers)) {
    if (v !== undefined && k !== 'authorization' && k !== 'cookie') headers[k] = Array.isArray(v) ? v.join(', ') : v;
  }
  return { method: ctx.req.method ?? 'GET', path: ctx.url.pathname, headers };
}

export function sendJson(ctx: HttpContext, status: number, body: unknown): void {
  const data = Buffer.from(JSON.stringify(body));
  ctx.res.statusCode = status;
  ctx.res.setHeader('Content-Type', 'application/json; charset=utf-8');
  ctx.res.setHeader('Content-Length', data.length);
  ctx.res.end(data);
}

export async function readJson<T extends object>(ctx: HttpContext): Promise<Partial<T>> {
  const body = await ctx.json<unknown>();
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw errors.invalidRequest('body must be object');
  return body as Partial<T>;
}

/**
 * The request body as a stream. Uploads are streamed straight from the socket; if something
 * already buffered the body (ctx.body()), fall back to that buffer.
 */
export async function bodyStream(ctx: HttpContext): Promise<Readable> {
  const req = ctx.req as typeof ctx.req & { readableDidRead?: boolean };
  if (!req.readableDidRead && !req.readableEnded) return req;
  return Readable.from([await ctx.body()]);
}

export function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}
