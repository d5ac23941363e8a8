/**
 * Loads `supabase/functions/<name>/index.ts` in this Node process: TypeScript through tsx's
 * scoped loader (works under the tsx CLI and inside Vitest's global setup alike), Deno-style
 * specifiers through loader-hooks.mjs, and Deno.serve() captured by the shim. A function is
 * reloaded — with all its local imports — when any of its files changes (mtime).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { register as registerHooks } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register as registerTsx } from 'tsx/esm/api';
import { captureServe, installDenoShim, setDenoEnv, type Served } from './deno-shim.js';

export interface LoadedFunction {
  served: Served;
  /** File → mtime at load, for the function's own (non node_modules) files. */
  files: Map<string, number>;
  unregister: () => Promise<void>;
}

export class BootError extends Error {
  override name = 'BootError';
}

let hooksInstalled = false;

function mtime(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return -1;
  }
}

/** KEY=VALUE lines (optionally quoted), as the Supabase CLI reads supabase/functions/.env. */
export function parseDotenv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!m) continue;
    let v = m[2]!;
    const q = v[0];
    if ((q === '"' || q === "'") && v.endsWith(q) && v.length >= 2) {
      v = v.slice(1, -1);
      if (q === '"') v = v.replace(/\\n/g, '\n').replace(/\\"/g, '"');
    } else v = v.replace(/\s+#.*$/, '');
    out[m[1]!] = v;
  }
  return out;
}

export class FunctionLoader {
  private readonly loaded = new Map<string, LoadedFunction>();
  private lock: Promise<unknown> = Promise.resolve();
  private version = 0;

  constructor(
    private readonly functionsDir: string,
    private readonly baseEnv: () => Record<string, string>,
  ) {}

  /** The function's handler, (re)loading it first when its files changed. */
  async get(name: string, entry: string): Promise<Served> {
    const current = this.loaded.get(name);
    if (current && !this.stale(current)) return current.served;
    // Loads run one at a time: Deno.serve() is captured through a single global slot.
    const run = this.lock.then(async () => {
      const again = this.loaded.get(name);
      if (again && !this.stale(again)) return again.served;
      const fresh = await this.load(name, entry);
      await again?.unregister().catch(() => {});
      this.loaded.set(name, fresh);
      return fresh.served;
    });
    this.lock = run.catch(() => {});
    return run;
  }

  async close(): Promise<void> {
    for (const f of this.loaded.values()) await f.unregister().catch(() => {});
    this.loaded.clear();
  }

  private stale(f: LoadedFunction): boolean {
    for (const [file, at] of f.files) if (mtime(file) !== at) return true;
    return false;
  }

  private async load(name: string, entry: string): Promise<LoadedFunction> {
    if (!hooksInstalled) {
      registerHooks(new URL('./loader-hooks.mjs', import.meta.url));
      hooksInstalled = true;
    }
    installDenoShim();
    const envFile = path.join(this.functionsDir, '.env');
    setDenoEnv({ ...(existsSync(envFile) ? parseDotenv(readFileSync(envFile, 'utf8')) : {}), ...this.baseEnv() });

    const files = new Map<string, number>([[entry, mtime(entry)]]);
    if (existsSync(envFile)) files.set(envFile, mtime(envFile));
    // A fresh namespace gives fresh module instances of the function and everything it imports.
    const api = registerTsx({
      namespace: `devstack-fn-${name}-${++this.version}`,
      onImport: (url: string) => {
        if (!url.startsWith('file:')) return;
        const file = fileURLToPath(url.split('?')[0]!);
        if (!file.includes(`${path.sep}node_modules${path.sep}`)) files.set(file, mtime(file));
      },
    });
    let result;
    try {
      result = await captureServe(() => api.import(pathToFileURL(entry).href, import.meta.url));
    } catch (err) {
      await api.unregister().catch(() => {});
      throw new BootError(`function "${name}" failed to load: ${(err as Error).stack ?? String(err)}`);
    }
    let served = result.served;
    // `export default { fetch }` is accepted too (the other entry style edge-runtime knows).
    const fetchExport = (result.module as { default?: { fetch?: unknown } })?.default?.fetch;
    if (!served && typeof fetchExport === 'function') served = { handler: fetchExport as Served['handler'] };
    if (!served) {
      await api.unregister().catch(() => {});
      throw new BootError(`function "${name}" did not call Deno.serve()`);
    }
    return { served, files, unregister: () => api.unregister() };
  }
}
