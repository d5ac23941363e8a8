/**
 * What every REST handler shares: the caller's claims, negotiated headers, the schema cache with
 * its "reload once when something is unknown" retry, and running one statement as the request's
 * role inside ctx.db.asRequest (so Postgres' RLS and grants decide).
 */
import { createHash } from 'node:crypto';
import { HttpError, type Claims, type DevstackContext, type HttpContext } from '../core/types.js';
import type { Catalog, SchemaCache, Table } from './catalog.js';
import { closest } from './build-rpc.js';
import { fromPgError, isPgError, pgrstError } from './errors.js';
import { parseAccept, parsePrefer, type Accept, type Preferences } from './prefer.js';
import type { ResultRow } from './respond.js';

export interface RestRequest {
  env: DevstackContext;
  cache: SchemaCache;
  http: HttpContext;
  method: string;
  claims: Claims;
  prefs: Preferences;
  accept: Accept;
  /** When the request arrived: schema cache loads started later already see its tables. */
  started: number;
  /** Use named (cached) statements; off for the retry after a stale-catalog error. */
  prepare: boolean;
}

export function makeRequest(env: DevstackContext, cache: SchemaCache, http: HttpContext, claims: Claims): RestRequest {
  const h = http.req.headers;
  return {
    env, cache, http, claims,
    method: (http.req.method ?? 'GET').toUpperCase(),
    prefs: parsePrefer(Array.isArray(h.prefer) ? h.prefer.join(',') : h.prefer),
    accept: parseAccept(h.accept),
    started: Date.now(),
    prepare: true,
  };
}

export function header(r: RestRequest, name: string): string | undefined {
  const v = r.http.req.headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
}

/**
 * Statements are prepared once per connection under a name derived from their text: the SQL
 * depends only on the request's shape (values are parameters), so repeated requests skip
 * Postgres' parse and plan steps.
 */
const names = new Map<string, string>();
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `pgrst_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    if (names.size > 5000) names.clear();
    names.set(text, name);
  }
  return name;
}

/** Errors that may only mean "the schema cache is older than the database". */
const STALE_CODES = new Set(['PGRST200', 'PGRST202', 'PGRST204', 'PGRST205', '42703', '42P01', '42883']);

function isStale(e: unknown): boolean {
  if (e instanceof HttpError) return STALE_CODES.has((e.body as { code?: string })?.code ?? '');
  return isPgError(e) && STALE_CODES.has(e.code ?? '');
}

/** Runs `attempt` with the cached catalog; if it trips over an unknown name, reloads and retries once. */
export async function withCatalog<T>(r: RestRequest, attempt: (cat: Catalog) => Promise<T>): Promise<T> {
  try {
    return await attempt(await r.cache.get());
  } catch (e) {
    if (!isStale(e)) throw e;
    // A cached statement may have been prepared against the old table: re-plan from scratch.
    r.prepare = false;
    return attempt(await r.cache.refresh(r.started));
  }
}

export function requireTable(cat: Catalog, name: string): Table {
  const t = cat.tables.get(name);
  if (t) return t;
  const near = closest(name, [...cat.tables.keys()]);
  throw pgrstError(404, 'PGRST205', `Could not find the table 'public.${name}' in the schema cache`, null,
    near ? `Perhaps you meant the table 'public.${near}'` : null);
}

function requestHeaders(r: RestRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(r.http.req.headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

/**
 * Runs one statement returning one ResultRow as the request's role. `check` runs inside the
 * transaction: throwing there (e.g. a 406 for a singular write) rolls the change back.
 */
export async function runStatement(
  r: RestRequest,
  text: string,
  values: unknown[],
  opts: { readOnly: boolean; check?: (row: ResultRow) => void },
): Promise<ResultRow> {
  const request = { method: r.method, path: r.http.path, headers: requestHeaders(r) };
  try {
    return await r.env.db.asRequest(
      r.claims,
      async (client) => {
        const { rows } = await client.query<ResultRow>({ name: r.prepare ? statementName(text) : undefined, text, values });
        const row = rows[0];
        opts.check?.(row);
        return row;
      },
      { request, readOnly: opts.readOnly },
    );
  } catch (e) {
    if (isPgError(e) && !isStale(e)) throw fromPgError(e, r.claims.role !== 'anon');
    throw e;
  }
}

/** Maps a still-unanswered Postgres error after the retry to PostgREST's response. */
export function finalError(r: RestRequest, e: unknown): unknown {
  return isPgError(e) ? fromPgError(e, r.claims.role !== 'anon') : e;
}

export type { Accept };
