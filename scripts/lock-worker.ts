/**
 * The worker installs on its own (`npm ci --omit=dev` in worker/, as worker/Dockerfile and the
 * stand-alone test do), so it has its own package-lock.json. npm keeps one lock for the whole
 * repository and ignores a workspace's, so this writes the worker's: worker/package.json and the
 * shared package's in an empty folder, `npm install --package-lock-only` there (from npm's cache
 * first), the missing platform entries added as for the root lock.
 *
 *   npm run lock:worker   (after changing worker/package.json or packages/shared/package.json)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { completeLock } from './complete-lockfile.ts';

const root = path.resolve(import.meta.dirname, '..');

export function writeWorkerLock(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shotcraft-worker-lock-'));
  try {
    for (const pkg of ['worker', 'packages/shared']) {
      fs.mkdirSync(path.join(dir, pkg), { recursive: true });
      fs.copyFileSync(path.join(root, pkg, 'package.json'), path.join(dir, pkg, 'package.json'));
    }
    fs.copyFileSync(path.join(root, 'worker/.npmrc'), path.join(dir, 'worker/.npmrc'));
    execFileSync('npm', ['install', '--package-lock-only', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: path.join(dir, 'worker'), stdio: 'inherit' });
    const lock = JSON.parse(fs.readFileSync(path.join(dir, 'worker/package-lock.json'), 'utf8'));
    const added = completeLock(lock);
    const out = path.join(root, 'worker/package-lock.json');
    fs.writeFileSync(out, `${JSON.stringify(lock, null, 2)}\n`);
    return `${path.relative(root, out)}: ${Object.keys(lock.packages).length - 1} packages${added.length ? `, ${added.length} platform entries added` : ''}`;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(writeWorkerLock());
