import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from './core/config.js';
import { createGateway, type Gateway } from './core/gateway.js';
import { createJwt } from './core/jwt.js';
import { createDb, type ClosableDb } from './core/postgres/db.js';
import { prepareDatabase } from './core/postgres/prepare.js';
import { startPostgres, type PostgresServer } from './core/postgres/server.js';
import { startJobSweeper } from './core/postgres/sweeper.js';
import { startScheduler } from './core/scheduler.js';
import { clearStalePostmaster } from './core/postgres/stale-pid.js';
import { seedDemoMedia } from './demo-media/index.js';
import { seedLibraryFiles } from './demo-media/library-files.js';
import { resetDataDir } from './core/reset.js';
import type { DevstackConfig, DevstackContext, DevstackStatus, RunningDevstack, Service } from './core/types.js';
import { loadServiceFactories } from './services.js';

export type { DevstackConfig, DevstackStatus, RunningDevstack } from './core/types.js';

export interface StartOptions {
  config?: Partial<DevstackConfig>;
  /** Wipe the data folder first: a new database, migrations and seed from scratch. */
  reset?: boolean;
  /** No progress lines (tests); failures still throw. */
  quiet?: boolean;
}

export function statusOf(config: DevstackConfig): DevstackStatus {
  return {
    api_url: config.apiUrl,
    anon_key: config.anonKey,
    service_role_key: config.serviceRoleKey,
    db_url: config.dbUrl,
    inbox_url: config.inboxUrl,
    worker_url: config.workerUrl,
    stripe_url: config.stripeUrl,
    platforms_url: config.platformsUrl,
  };
}

export async function startDevstack(opts: StartOptions = {}): Promise<RunningDevstack> {
  const started = performance.now();
  const config = loadConfig(opts.config);
  const log = (service: string, message: string) => {
    if (!opts.quiet) console.log(`[${service}] ${message}`);
  };
  if (opts.reset) {
    // A postgres left running on this folder (its devstack was SIGKILLed) must stop before its files go.
    await clearStalePostmaster(path.join(config.dataDir, 'postgres'), (m) => log('postgres', m));
    resetDataDir(config);
  }
  mkdirSync(config.dataDir, { recursive: true });

  // Everything started so far, stopped in reverse order on failure or stop().
  let postgres: PostgresServer | undefined;
  let db: ClosableDb | undefined;
  let gateway: Gateway | undefined;
  const services: Service[] = [];
  let stopSweeper: (() => void) | undefined;
  let stopScheduler: (() => void) | undefined;
  const stopAll = async () => {
    stopSweeper?.();
    stopScheduler?.();
    // Stop accepting first; open websockets only close when realtime stops, so the gateway's
    // close is awaited after the services. Services stop even if start() never ran for them
    // (afterMigrations may already hold connections).
    const closing = gateway?.close();
    for (const s of [...services].reverse()) await s.stop?.().catch((e: Error) => log(s.name, `stop failed: ${e.message}`));
    await closing;
    await db?.close().catch(() => undefined);
    await postgres?.stop();
  };

  try {
    postgres = await startPostgres({ dataDir: config.dataDir, port: config.dbPort, log: (m) => log('postgres', m) });
    db = createDb(config, (m) => log('postgres', m));
    const jwt = createJwt(config.jwtSecret);
    const ctx: DevstackContext = {
      config,
      db,
      jwt,
      dataPath(service, ...parts) {
        const dir = path.join(config.dataDir, service);
        mkdirSync(dir, { recursive: true });
        return path.join(dir, ...parts);
      },
      log,
    };
    for (const { factory } of await loadServiceFactories((m) => log('devstack', m))) services.push(await factory(ctx));
    await prepareDatabase({ db, config, services, log: (m) => log('db', m) });
    for (const s of services) await s.start?.();
    // The gateway logs only failures (500s); those print even when quiet, so tests show them.
    gateway = createGateway({ config, jwt, services, log: (m) => console.error(`[gateway] ${m}`) });
    await gateway.listen();
    await seedDemoMedia({ config, log: (m) => log('demo-media', m) });
    await seedLibraryFiles({ config, log: (m) => log('demo-media', m) });
    stopSweeper = startJobSweeper(db.admin, (m) => log('jobs', m));
    stopScheduler = startScheduler(config, (m) => log('scheduler', m));
  } catch (err) {
    await stopAll().catch(() => undefined);
    throw err;
  }

  const status = statusOf(config);
  writeFileSync(path.join(config.dataDir, 'status.json'), `${JSON.stringify(status, null, 2)}\n`);
  let stopping: Promise<void> | undefined;
  return {
    config,
    status,
    readyMs: Math.round(performance.now() - started),
    stop: () => (stopping ??= stopAll()),
  };
}
