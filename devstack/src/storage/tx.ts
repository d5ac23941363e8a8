/**
 * Transactions for storage requests. `asUser` runs like storage-api's per-request connection:
 * the caller's claims and role (so the project's RLS policies on storage.objects/buckets decide),
 * plus `storage.operation` for policies that read storage.operation(). `asSuperUser` is for what
 * storage-api does as its own admin role: bucket lookups, public reads, signed-URL requests.
 */
import type pg from 'pg';
import type { Claims, DevstackContext, RequestInfo } from '../core/types.js';
import { fromDbError } from './errors.js';

export type Query = (text: string, values?: unknown[]) => Promise<pg.QueryResult>;

export interface TxOptions {
  operation: string;
  request?: RequestInfo;
  readOnly?: boolean;
}

export async function asUser<T>(
  ctx: DevstackContext,
  claims: Claims,
  opts: TxOptions,
  fn: (q: Query) => Promise<T>,
): Promise<T> {
  try {
    return await ctx.db.asRequest(
      claims,
      async (client) => {
        await client.query("select set_config('storage.operation', $1, true)", [opts.operation]);
        return fn((text, values) => client.query(text, values));
      },
      { request: opts.request, readOnly: opts.readOnly },
    );
  } catch (e) {
    throw fromDbError(e);
  }
}

export async function asSuperUser<T>(ctx: DevstackContext, operation: string, fn: (q: Query) => Promise<T>): Promise<T> {
  const client = await ctx.db.admin.connect();
  try {
    await client.query('begin');
    await client.query("select set_config('storage.operation', $1, true)", [operation]);
    const result = await fn((text, values) => client.query(text, values));
    await client.query('commit');
    return result;
  } catch (e) {
    await client.query('rollback').catch(() => undefined);
    throw fromDbError(e);
  } finally {
    client.release();
  }
}

/** One-off superuser query outside a transaction (bucket lookups). */
export async function adminQuery(ctx: DevstackContext, text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  try {
    return await ctx.db.admin.query(text, values);
  } catch (e) {
    throw fromDbError(e);
  }
}

/** Thrown inside a transaction to roll it back on purpose (permission probes). */
export class Rollback extends Error {
  constructor() {
    super('rollback');
  }
}
