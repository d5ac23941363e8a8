/**
 * What every REST handler shares: the caller's claims, negotiated headers, the schema cache with
 * its "reload once when something is unknown" retry, and running one statement as the request's
 * role inside ctx.db.asRequest (so Postgres' RLS and grants decide).
 */
import { createHash } from 'node:crypto';
import { HttpError, type Claims, type DevstackContext, type HttpContext } from '../core/types.js';
import type pg from 'pg';
import type { Catalog, RestSettings, SchemaCache, Table } from './catalog.js';
import { closest } from './build-rpc.js';
import { fromPgError, isPgError, pgrstError } from './errors.js';
import { ident } from './sql.js';
import { contentType, parseAccept, parsePrefer, type Accept, type Preferences } from './prefer.js';
import { send, type ResultRow } from './respond.js';

export interface RestRequest {
  env: DevstackContext;
  cache: SchemaCache;
  http: HttpContext;
  method: string;
  claims: Claims;
  /** The exposed schema the request addresses (Accept-Profile / Content-Profile). */
  schema: string;
  prefs: Preferences;
  accept: Accept;
  /** When the request arrived: schema cache loads started later already see its tables. */
  started: number;
  /** Use named (cached) statements; off for the retry after a stale-catalog error. */
  prepare: boolean;
  /** Set once a statement ran: whether `Prefer: tx=…` was honoured (for Preference-Applied). */
  txHonoured?: boolean;
}

export function makeRequest(env: DevstackContext, cache: SchemaCache, http: HttpContext, claims: Claims, schema = 'public'): RestRequest {
  const h = http.req.headers;
  return {
    env, cache, http, claims, schema,
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
    return await attempt(await r.cache.get(r.schema));
  } catch (e) {
    if (!isStale(e)) throw e;
    // A cached statement may have been prepared against the old table: re-plan from scratch.
    r.prepare = false;
    return attempt(await r.cache.refresh(r.started, r.schema));
  }
}

export function requireTable(cat: Catalog, name: string): Table {
  const t = cat.tables.get(name);
  if (t) return t;
  const near = closest(name, [...cat.tables.keys()]);
  throw pgrstError(404, 'PGRST205', `Could not find the table '${cat.schema}.${name}' in the schema cache`, null,
    near ? `Perhaps you meant the table '${cat.schema}.${near}'` : null);
}

function requestHeaders(r: RestRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(r.http.req.headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

/**
 * `Prefer: handling=strict, max-affected=n`: more than n rows changed (or returned by a function)
 * is PGRST124 and the transaction rolls back.
 */
export function checkMaxAffected(r: RestRequest, affected: number): void {
  const n = r.prefs.maxAffected;
  if (n === undefined || r.prefs.handling !== 'strict' || affected <= n) return;
  throw pgrstError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${affected} rows`);
}

/** Like PostgREST, a request to another exposed schema searches that schema first. */
async function useSchema(r: RestRequest, client: pg.PoolClient): Promise<void> {
  if (r.schema === 'public') return; // the devstack's request search_path already starts with public
  await client.query(`select set_config('search_path', $1, true)`, [`${ident(r.schema)}, "public", "extensions"`]);
}

/** Thrown inside the transaction to roll it back while keeping the statement's result. */
class RollbackWith {
  constructor(readonly row: ResultRow) {}
}

/**
 * Whether this request's transaction ends in a rollback: `pgrst.db_tx_end` on the authenticator
 * role decides, and `Prefer: tx=commit|rollback` only counts when it ends in `-allow-override`.
 */
export function txPreference(r: RestRequest, settings: RestSettings | undefined): { rollback: boolean; honoured: boolean } {
  const txEnd = settings?.txEnd ?? 'commit';
  const honoured = txEnd.endsWith('-allow-override') && r.prefs.tx !== undefined;
  const tx = honoured ? r.prefs.tx : undefined;
  return { rollback: tx === 'rollback' || (txEnd.startsWith('rollback') && tx !== 'commit'), honoured };
}

/**
 * Runs one statement returning one ResultRow as the request's role. `check` runs inside the
 * transaction: throwing there (e.g. a 406 for a singular write) rolls the change back. `after`
 * runs more read-only queries in the same transaction (a planned count). With `Prefer:
 * tx=rollback` (where the role's settings allow it) the result is returned and the change undone.
 */
export async function runStatement(
  r: RestRequest,
  text: string,
  values: unknown[],
  opts: { readOnly: boolean; check?: (row: ResultRow) => void; after?: (client: pg.PoolClient, row: ResultRow) => Promise<void> },
): Promise<ResultRow> {
  const request = { method: r.method, path: r.http.path, headers: requestHeaders(r) };
  const { rollback, honoured } = txPreference(r, (await r.cache.get()).settings);
  r.txHonoured = honoured;
  try {
    return await r.env.db.asRequest(
      r.claims,
      async (client) => {
        await useSchema(r, client);
        const { rows } = await client.query<ResultRow>({ name: r.prepare ? statementName(text) : undefined, text, values });
        const row = rows[0];
        opts.check?.(row);
        await opts.after?.(client, row);
        if (rollback && !opts.readOnly) {
          await client.query('SET CONSTRAINTS ALL IMMEDIATE');
          throw new RollbackWith(row);
        }
        return row;
      },
      { request, readOnly: opts.readOnly },
    );
  } catch (e) {
    if (e instanceof RollbackWith) return e.row;
    if (isPgError(e) && !isStale(e)) throw fromPgError(e, r.claims.role !== 'anon');
    throw e;
  }
}

/**
 * `Accept: application/vnd.pgrst.plan`: Postgres' EXPLAIN of the statement the request would run
 * (only where the authenticator role has pgrst.db_plan_enabled, else 406 as PostgREST answers).
 * The statement's changes, with ANALYZE, are rolled back.
 */
export async function explainStatement(r: RestRequest, text: string, values: unknown[], readOnly: boolean): Promise<void> {
  const plan = r.accept.plan!;
  if (!(await r.cache.get()).settings?.planEnabled) {
    throw pgrstError(406, 'PGRST107', `None of these media types are available: ${header(r, 'accept')}`);
  }
  const opts = [`FORMAT ${plan.format.toUpperCase()}`, ...plan.options.map((o) => o.toUpperCase())].join(', ');
  const request = { method: r.method, path: r.http.path, headers: requestHeaders(r) };
  let body = '';
  try {
    await r.env.db.asRequest(r.claims, async (client) => {
      await useSchema(r, client);
      const { rows } = await client.query<{ 'QUERY PLAN': unknown }>({ text: `EXPLAIN (${opts}) ${text}`, values });
      body = plan.format === 'json' ? JSON.stringify(rows[0]['QUERY PLAN']) : rows.map((x) => String(x['QUERY PLAN'])).join('\n');
      if (!readOnly) throw new RollbackWith({ total: null, page: '0', body });
    }, { request, readOnly });
  } catch (e) {
    if (!(e instanceof RollbackWith)) throw isPgError(e) ? fromPgError(e, r.claims.role !== 'anon') : e;
  }
  send(r.http.res, 200, { 'Content-Type': contentType(r.accept) }, body);
}

/** Maps a still-unanswered Postgres error after the retry to PostgREST's response. */
export function finalError(r: RestRequest, e: unknown): unknown {
  return isPgError(e) ? fromPgError(e, r.claims.role !== 'anon') : e;
}

export type { Accept };
