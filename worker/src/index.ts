import { loadConfig } from './config.js';
import { startWorker } from './server.js';
import { STUDIOS } from './studios/index.js';

/** `npm run worker`: the media worker on WORKER_HOST:WORKER_PORT (default 127.0.0.1:54330). */
let config;
try {
  config = loadConfig();
} catch (err) {
  console.error(`[worker] ${(err as Error).message}`);
  process.exit(1);
}
const worker = await startWorker({ ...config, log: true, warm: true });
const webhooks = Object.keys(STUDIOS).map((route) => `/webhooks/${route}`).join(', ');
console.log(`[worker] ready at ${worker.url} (webhooks: ${webhooks}; ${config.concurrency} parallel jobs)`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void worker.close().finally(() => process.exit(0));
  });
}
