/**
 * Our npm registry mirror serves only the Linux builds of some native packages (today:
 * @tailwindcss/oxide's darwin, win32, android, freebsd, arm and wasm builds are missing), so npm
 * leaves those optional dependencies out of package-lock.json and `npm ci` then refuses the lock.
 * This adds an entry for each missing optional platform package, with the os/cpu its name
 * declares, so `npm ci` accepts the lock and skips them on platforms they are not for.
 *
 *   npm run lock:complete   (after any `npm install` that rewrote the lock)
 */
import fs from 'node:fs';

interface LockEntry {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  optionalDependencies?: Record<string, string>;
  os?: string[];
  cpu?: string[];
  [key: string]: unknown;
}

const PLATFORM: Record<string, { os?: string[]; cpu?: string[] }> = {
  android: { os: ['android'] },
  darwin: { os: ['darwin'] },
  freebsd: { os: ['freebsd'] },
  linux: { os: ['linux'] },
  win32: { os: ['win32'] },
  wasm32: { cpu: ['wasm32'] },
};
const CPUS = ['arm64', 'x64', 'arm', 'ia32', 'wasm32'];

/** '@tailwindcss/oxide-darwin-arm64' → { os: ['darwin'], cpu: ['arm64'] } */
export function platformOf(name: string): { os?: string[]; cpu?: string[] } | null {
  const parts = name.split('/').pop()!.split('-');
  const osPart = parts.find((p) => p in PLATFORM);
  if (!osPart) return null;
  const cpu = parts.find((p) => CPUS.includes(p)) ?? (osPart === 'wasm32' ? 'wasm32' : undefined);
  return { ...PLATFORM[osPart], ...(cpu ? { cpu: [cpu] } : {}) };
}

export function completeLock(lock: { packages: Record<string, LockEntry> }): string[] {
  const added: string[] = [];
  for (const [key, entry] of Object.entries(lock.packages)) {
    for (const [dep, range] of Object.entries(entry.optionalDependencies ?? {})) {
      const depKey = `node_modules/${dep}`;
      if (lock.packages[depKey] || (key && lock.packages[`${key}/${depKey}`])) continue;
      const platform = platformOf(dep);
      if (!platform) continue;
      lock.packages[depKey] = { version: range, ...(entry.dev ? { dev: true } : {}), optional: true, ...platform };
      added.push(`${dep}@${range}`);
    }
  }
  lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
  return added;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2] ?? 'package-lock.json';
  const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
  const added = completeLock(lock);
  fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(added.length ? `added ${added.length} optional platform entries: ${added.join(', ')}` : 'lock already complete');
}
