import { loadConfig } from './config.js';
import { startWorker } from './server.js';

/** `npm run worker`: the media worker on WORKER_HOST:WORKER_PORT (default 127.0.0.1:54330). */
let config;
try {
  config = loadConfig();
} catch (err) {
  console.error(`[worker] ${(err as Error).message}`);
  process.exit(1);
}
const worker = await startWorker({ ...config, log: true });
console.log(`[worker] ready at ${worker.url} (webhooks: /webhooks/refine; ${config.concurrency} parallel jobs)`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void worker.close().finally(() => process.exit(0));
  });
}
