import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { splitSql } from './split-sql.js';

const MIGRATION_FILE = /^(\d+)_(.+)\.sql$/;

/** Where in the file a failed statement starts, as "line N" (pg reports a character offset). */
function describe(err: unknown, sql: string): string {
  const e = err as { message?: string; position?: string; detail?: string; hint?: string };
  const pos = Number(e.position);
  const line = Number.isInteger(pos) && pos > 0 ? ` (line ${sql.slice(0, pos - 1).split('\n').length})` : '';
  return [`${e.message ?? String(err)}${line}`, e.detail && `detail: ${e.detail}`, e.hint && `hint: ${e.hint}`]
    .filter(Boolean)
    .join('\n  ');
}

/** Runs a whole script in one transaction; a failure names `label` and leaves nothing behind. */
export async function runInTransaction(
  client: pg.PoolClient | pg.Client,
  label: string,
  sql: string,
  after?: () => Promise<unknown>,
): Promise<void> {
  await client.query('begin');
  try {
    await client.query(sql);
    await after?.();
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw new Error(`${label} failed: ${describe(err, sql)}`, { cause: err });
  }
}

/**
 * supabase/migrations/<timestamp>_<name>.sql in filename order, each in its own transaction and
 * recorded in supabase_migrations.schema_migrations like the Supabase CLI records it. Files that
 * do not match the CLI's pattern are skipped with a warning, as the CLI does.
 */
export async function applyMigrations(client: pg.PoolClient, rootDir: string, log: (m: string) => void): Promise<string[]> {
  const dir = path.join(rootDir, 'supabase', 'migrations');
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir).filter((f) => f.endsWith('.sql')).sort();
  const { rows } = await client.query<{ version: string }>('select version from supabase_migrations.schema_migrations');
  const done = new Set(rows.map((r) => r.version));
  const applied: string[] = [];
  for (const file of files) {
    const m = MIGRATION_FILE.exec(file);
    if (!m) {
      log(`skipping supabase/migrations/${file} (file name must match <timestamp>_name.sql)`);
      continue;
    }
    const [, version, name] = m;
    if (done.has(version)) continue;
    const sql = readFileSync(path.join(dir, file), 'utf8');
    await runInTransaction(client, `migration supabase/migrations/${file}`, sql, () =>
      client.query('insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)', [
        version,
        name,
        splitSql(sql),
      ]),
    );
    applied.push(file);
  }
  return applied;
}

/**
 * supabase/seed.sql once per database: the first start that gets this far records it in
 * supabase_migrations.seed_files (even when there is no seed file), later starts never re-seed.
 * A failed first start retries the seed, so a broken seed never leaves a "seeded" database.
 */
export async function applySeedOnce(client: pg.PoolClient, rootDir: string): Promise<boolean> {
  const { rowCount } = await client.query('select 1 from supabase_migrations.seed_files limit 1');
  if (rowCount) return false;
  const file = path.join(rootDir, 'supabase', 'seed.sql');
  const sql = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const hash = createHash('sha256').update(sql).digest('hex');
  await runInTransaction(client, 'supabase/seed.sql', sql, () =>
    client.query('insert into supabase_migrations.seed_files (path, hash) values ($1, $2)', ['supabase/seed.sql', hash]),
  );
  return sql !== '';
}
