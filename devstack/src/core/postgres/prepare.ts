import { readFileSync } from 'node:fs';
import type { DevstackConfig, Service } from '../types.js';
import type { ClosableDb } from './db.js';
import { applyMigrations, applySeedOnce, runInTransaction } from './migrations.js';

const BOOTSTRAP_SQL = readFileSync(new URL('./bootstrap.sql', import.meta.url), 'utf8');

/** Schema SQL order: auth first (its functions are used by storage policies), realtime last. */
const SCHEMA_ORDER = ['auth', 'storage', 'realtime'];
const rank = (s: Service) => {
  const i = SCHEMA_ORDER.indexOf(s.name);
  return i < 0 ? SCHEMA_ORDER.length : i;
};

/**
 * Brings the database to what a hosted project would have: bootstrap, services' schemas,
 * supabase/migrations, seed (once), then each service's afterMigrations(). Every step is
 * idempotent and runs on every start; a failure stops startup with the step named.
 */
export async function prepareDatabase(opts: {
  db: ClosableDb;
  config: DevstackConfig;
  services: Service[];
  log: (m: string) => void;
}): Promise<void> {
  const { db, config, services, log } = opts;
  const client = await db.admin.connect();
  let failed = false;
  try {
    // One devstack per data folder, but guard against two starting at once on the same one.
    await client.query('select pg_advisory_lock(5432100)');
    await runInTransaction(client, 'devstack bootstrap SQL', BOOTSTRAP_SQL);
    for (const s of [...services].sort((a, b) => rank(a) - rank(b))) {
      for (const [i, sql] of (s.schemaSql ?? []).entries()) {
        await runInTransaction(client, `schema SQL #${i + 1} of the ${s.name} service`, sql);
      }
    }
    const applied = await applyMigrations(client, config.rootDir, log);
    if (applied.length > 0) log(`applied ${applied.length} migration(s): ${applied.join(', ')}`);
    if (await applySeedOnce(client, config.rootDir)) log('applied supabase/seed.sql');
    await client.query('select pg_advisory_unlock(5432100)');
  } catch (err) {
    failed = true;
    throw err;
  } finally {
    // Destroying the connection on failure also drops the advisory lock it holds.
    client.release(failed);
  }
  for (const s of services) await s.afterMigrations?.();
}
