import pg from 'pg';
import type { Claims, Db, DevstackConfig, RequestInfo } from '../types.js';

export interface ClosableDb extends Db {
  close(): Promise<void>;
}

/**
 * The search_path PostgREST sets for requests, written as it writes it: the exposed schema, then
 * Supabase's extra_search_path (`public, extensions`), each quoted.
 */
const REQUEST_SEARCH_PATH = '"public", "public", "extensions"';
// No spaces: libpq splits `options` on whitespace.
const HOSTED_SEARCH_PATH = '"$user",public,extensions';

/**
 * Two pools sized for a 2-core machine: postgres has 200 connection slots, realtime and tests
 * take dedicated connections, and more than a few busy backends per core only adds queueing.
 */
export function createDb(config: DevstackConfig, log: (m: string) => void): ClosableDb {
  const base = { host: '127.0.0.1', port: config.dbPort, database: 'postgres' };
  const admin = new pg.Pool({
    ...base,
    user: 'postgres',
    password: 'postgres',
    max: 10,
    options: `-c search_path=${HOSTED_SEARCH_PATH}`,
    application_name: 'devstack-admin',
  });
  const requests = new pg.Pool({
    ...base,
    user: 'authenticator',
    password: 'postgres',
    max: 16,
    application_name: 'devstack-request',
  });
  // A connection dropped by the server (postgres restarting, an admin killing backends) must
  // not crash the process: pg emits 'error' on checked-out clients, which have no listener by
  // default. The query in flight still rejects; the pool discards the client on release.
  for (const pool of [admin, requests]) {
    pool.on('error', () => undefined); // already logged by the client's own listener below
    pool.on('connect', (client) => client.on('error', (err) => log(`database connection lost: ${err.message}`)));
  }

  return {
    admin,

    async asRequest<T>(
      claims: Claims,
      fn: (client: pg.PoolClient) => Promise<T>,
      opts: { request?: RequestInfo; readOnly?: boolean } = {},
    ): Promise<T> {
      const client = await requests.connect();
      let broken: Error | undefined;
      try {
        await client.query(opts.readOnly ? 'begin isolation level read committed read only' : 'begin');
        const req = opts.request;
        // One round trip, all transaction-local, as PostgREST does. Setting `role` is
        // SET LOCAL ROLE: postgres itself refuses roles authenticator was not granted.
        await client.query(
          `select set_config('search_path', $1, true), set_config('request.jwt.claims', $2, true),
                  set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $4, true),
                  set_config('request.method', $5, true), set_config('request.path', $6, true),
                  set_config('request.headers', $7, true), set_config('role', $4, true)`,
          [
            REQUEST_SEARCH_PATH,
            JSON.stringify(claims),
            typeof claims.sub === 'string' ? claims.sub : '',
            claims.role,
            req?.method ?? '',
            req?.path ?? '',
            JSON.stringify(req?.headers ?? {}),
          ],
        );
        const result = await fn(client);
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback').catch((e: Error) => (broken = e));
        throw err;
      } finally {
        // A connection whose rollback failed is in an unknown state: destroy instead of reuse.
        client.release(broken);
      }
    },

    async connect(): Promise<pg.Client> {
      const client = new pg.Client({ ...base, user: 'postgres', password: 'postgres', application_name: 'devstack-dedicated' });
      client.on('error', (err) => log(`dedicated database connection lost: ${err.message}`));
      await client.connect();
      return client;
    },

    async close() {
      await Promise.all([admin.end(), requests.end()]);
    },
  };
}
