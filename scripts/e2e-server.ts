/**
 * The stack the Playwright specs run against: a fresh devstack on its own ports (so it never
 * collides with `npm run dev`), the worker when it exists, and the app built against that
 * devstack and served by `vite preview` on :4174. The devstack's status is written to
 * .devstack-e2e/status.json for specs that need keys or the inbox.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startDevstack } from '../devstack/src/index';

const root = path.resolve(import.meta.dirname, '..');
const PREVIEW_PORT = 4174;

const devstack = await startDevstack({
  config: { dataDir: path.join(root, '.devstack-e2e'), apiPort: 55421, dbPort: 55422, inboxPort: 55424, workerUrl: 'http://127.0.0.1:55430' },
  reset: true,
  quiet: true,
});
const { status } = devstack;
console.log(`[e2e] devstack ready in ${Math.round(devstack.readyMs)} ms at ${status.api_url}`);

const children: ChildProcess[] = [];
const env = {
  ...process.env,
  VITE_SUPABASE_URL: status.api_url,
  VITE_SUPABASE_ANON_KEY: status.anon_key,
  VITE_WEBHOOK_REFINE_URL: `${status.worker_url}/webhooks/refine`,
  VITE_WEBHOOK_LIGHTBOX_URL: `${status.worker_url}/webhooks/lightbox`,
  VITE_WEBHOOK_SPIN360_URL: `${status.worker_url}/webhooks/spin360`,
  VITE_WEBHOOK_UGC_URL: `${status.worker_url}/webhooks/ugc`,
};

if (existsSync(path.join(root, 'worker/src/index.ts'))) {
  children.push(
    spawn('npx', ['tsx', 'worker/src/index.ts'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...env, SUPABASE_URL: status.api_url, SUPABASE_SERVICE_ROLE_KEY: status.service_role_key, WORKER_PORT: '55430' },
    }),
  );
}

const build = spawnSync('npx', ['vite', 'build', '--outDir', 'dist-e2e', '--emptyOutDir', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit', env });
if (build.status !== 0) {
  await devstack.stop();
  process.exit(build.status ?? 1);
}
children.push(
  spawn('npx', ['vite', 'preview', '--outDir', 'dist-e2e', '--port', String(PREVIEW_PORT), '--strictPort'], { cwd: root, stdio: 'inherit', env }),
);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  await devstack.stop();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
for (const child of children) child.on('exit', (code) => code && !stopping && void stop());
