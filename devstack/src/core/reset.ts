import { existsSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DevstackConfig } from './types.js';

/**
 * `--reset` deletes the data folder. Guarded, because DEVSTACK_DIR is user input: never the repo,
 * home or filesystem root (or a parent of them), and only a folder that is empty or looks like a
 * devstack's (it holds the postgres cluster or status.json).
 */
export function resetDataDir(config: DevstackConfig): void {
  const dir = path.resolve(config.dataDir);
  const forbidden = [config.rootDir, os.homedir(), path.parse(dir).root].map((p) => path.resolve(p));
  if (forbidden.some((f) => f === dir || f.startsWith(`${dir}${path.sep}`))) {
    throw new Error(`refusing to reset ${dir}: it is (or contains) the repository, home or filesystem root`);
  }
  if (!existsSync(dir)) return;
  const entries = readdirSync(dir);
  if (entries.length > 0 && !entries.includes('postgres') && !entries.includes('status.json')) {
    throw new Error(`refusing to reset ${dir}: it does not look like a devstack data folder`);
  }
  rmSync(dir, { recursive: true, force: true });
}
