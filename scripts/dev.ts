import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { startDevstack } from '@shotcraft/devstack/src/index.ts';
import { appEnvFromStatus } from './app-env';

/**
 * `npm run dev`: devstack (in this process) + media worker (when worker/ exists) + Vite, with
 * prefixed output. Ctrl-c stops all three; Vite exiting stops the rest. DEVSTACK_* variables
 * move the devstack's ports and folder as for `npm run devstack`.
 */
const prefix = (name: string) => `\x1b[2m[${name}]\x1b[0m`;

const devstack = await startDevstack().catch((err: Error) => {
  console.error(`${prefix('devstack')} failed to start: ${err.message}`);
  process.exit(1);
});
const { status } = devstack;
console.log(`${prefix('devstack')} ready in ${devstack.readyMs} ms — API ${status.api_url}, inbox ${status.inbox_url}, Stripe ${status.stripe_url}`);

// Values from the running devstack, unless the developer exported their own.
const env: NodeJS.ProcessEnv = { ...process.env, ...appEnvFromStatus(status) };
const workerEnv: NodeJS.ProcessEnv = {
  ...env,
  SUPABASE_URL: process.env.SUPABASE_URL ?? status.api_url,
  SUPABASE_ANON_KEY: process.env.SUPABASE_ANON_KEY ?? status.anon_key,
  SUPABASE_SERVICE_ROLE_KEY: process.env.SUPABASE_SERVICE_ROLE_KEY ?? status.service_role_key,
  SUPABASE_JWT_SECRET: process.env.SUPABASE_JWT_SECRET ?? devstack.config.jwtSecret,
  // Outgoing webhooks may reach a receiver on this machine (a local n8n), as the devstack allows.
  WEBHOOK_ALLOW_HOSTS: process.env.WEBHOOK_ALLOW_HOSTS ?? '127.0.0.1:*',
};

const children = new Map<string, ChildProcess>();
let stopping = false;

function run(name: string, args: string[], childEnv: NodeJS.ProcessEnv, onExit: (code: number | null) => void) {
  // The package's own bin, not `npx`: npx exits on SIGTERM without passing it on, orphaning vite.
  const [bin, ...rest] = args;
  const child = spawn(path.join('node_modules', '.bin', bin), rest, { env: childEnv, stdio: ['inherit', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => console.log(`${prefix(name)} ${line}`));
  }
  child.on('exit', (code) => {
    children.delete(name);
    if (!stopping) onExit(code);
  });
  children.set(name, child);
}

async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children.values()) child.kill('SIGTERM');
  await Promise.all([...children.values()].map((c) => new Promise((r) => c.once('exit', r))));
  await devstack.stop();
  process.exit(code);
}

if (existsSync('worker/src/index.ts')) {
  run('worker', ['tsx', 'worker/src/index.ts'], workerEnv, (code) =>
    console.log(`${prefix('worker')} exited with code ${code}; app and devstack keep running`),
  );
} else {
  console.log(`${prefix('worker')} worker/src/index.ts not found, not started`);
}
// Extra arguments go to Vite: `npm run dev -- --port 3000`.
run('vite', ['vite', ...process.argv.slice(2)], env, (code) => void shutdown(code ?? 1));

let signals = 0;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (++signals > 1) process.exit(130);
    void shutdown(0);
  });
}
