import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const cmdline = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
};

/**
 * A devstack killed with SIGKILL leaves its postgres running (children are not killed with the
 * parent) or leaves a postmaster.pid whose pid a container may have reused. A live postgres on
 * this very data folder is ours: shut it down (SIGINT = fast shutdown, data stays consistent).
 * A pid file naming anything else is stale and removed so postgres starts.
 */
export async function clearStalePostmaster(pgdata: string, log: (msg: string) => void): Promise<void> {
  const pidFile = path.join(pgdata, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const ours = Number.isInteger(pid) && pid > 0 && alive(pid) && /postgres/.test(cmdline(pid)) && cmdline(pid).includes(pgdata);
  if (!ours) {
    log(`removing stale ${pidFile} (pid ${pid} is not running postgres on this folder)`);
    rmSync(pidFile, { force: true });
    return;
  }
  log(`postgres (pid ${pid}) from an earlier run is still up on ${pgdata}; shutting it down`);
  process.kill(pid, 'SIGINT');
  for (let waited = 0; alive(pid); waited += 100) {
    if (waited === 10_000) process.kill(pid, 'SIGQUIT');
    if (waited > 15_000) throw new Error(`could not stop the leftover postgres (pid ${pid}); kill it and retry`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
