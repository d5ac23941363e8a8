/**
 * The stack the Playwright specs run against: a fresh devstack on its own ports (so it never
 * collides with `npm run dev`), the worker when it exists, and the app built against that
 * devstack and served by `vite preview` (ports from e2e/env.ts). The devstack's status is written to
 * <e2eEnv.dataDir>/status.json for specs that need keys or the inbox (see e2e/support.ts).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startDevstack } from '@shotcraft/devstack/src/index.ts';
import { e2eEnv } from '../e2e/env';
import { appEnvFromStatus } from './app-env';
import { workerModelsSettled } from './lib/worker-models.ts';

const { root, previewPort: PREVIEW_PORT } = e2eEnv;

const devstack = await startDevstack({
  config: {
    dataDir: e2eEnv.dataDir,
    apiPort: e2eEnv.apiPort,
    dbPort: e2eEnv.dbPort,
    inboxPort: e2eEnv.inboxPort,
    stripePort: e2eEnv.stripePort,
    platformsPort: e2eEnv.platformsPort,
    workerUrl: `http://127.0.0.1:${e2eEnv.workerPort}`,
  },
  reset: true,
  quiet: true,
});
const { status } = devstack;
console.log(`[e2e] devstack ready in ${Math.round(devstack.readyMs)} ms at ${status.api_url}`);

const children: ChildProcess[] = [];
// The e2e app always talks to the e2e devstack, whatever the shell exported.
const env = { ...process.env, ...appEnvFromStatus(status, {}) };

if (existsSync(path.join(root, 'worker/src/index.ts'))) {
  children.push(
    spawn('npx', ['tsx', 'worker/src/index.ts'], {
      cwd: root,
      stdio: 'inherit',
      detached: true,
      env: { ...env, SUPABASE_URL: status.api_url, SUPABASE_SERVICE_ROLE_KEY: status.service_role_key, WORKER_PORT: String(e2eEnv.workerPort), WEBHOOK_ALLOW_HOSTS: '127.0.0.1:*', WEBHOOK_RETRY_BASE_SECONDS: '1', UGC_RENDER_SCALE: String(e2eEnv.ugcRenderScale) },
    }),
  );
}

const build = spawnSync('npx', ['tsx', 'scripts/build.ts', '--outDir', e2eEnv.outDir], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env });
if (build.status !== 0) {
  await devstack.stop();
  process.exit(build.status ?? 1);
}
// The specs start when the preview answers: by then the worker's models are loaded, so no spec's
// first photo waits for them (the build takes longer than the models; this only makes it certain).
if (children.length && !(await workerModelsSettled(`http://127.0.0.1:${e2eEnv.workerPort}`, 120_000))) {
  console.error('[e2e] the worker\'s models were not ready in 120 s; starting anyway');
}
children.push(
  spawn('npx', ['vite', 'preview', '--outDir', e2eEnv.outDir, '--port', String(PREVIEW_PORT), '--strictPort'], { cwd: root, stdio: 'inherit', env, detached: true }),
);

// Each child leads its own process group: `npx` starts the real node process as its child, and
// killing only npx could leave that one holding its port.
function killChildren() {
  for (const child of children) {
    if (child.pid === undefined || child.exitCode !== null) continue;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}
process.on('exit', killChildren);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  killChildren();
  await devstack.stop();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
for (const child of children) child.on('exit', (code) => code && !stopping && void stop());
