/**
 * Edge functions in real Deno: the devstack starts one Deno process (devstack/deno/host.ts) that runs
 * each function in a Web Worker of its own, and forwards each function request to it. Deno comes
 * from the `deno` npm package (its platform package ships the binary); `DENO_BIN` names another.
 * Imports resolve offline: supabase/functions/deno.json maps the `jsr:` type import to a local file
 * and `npm:` specifiers to the project's node_modules (nodeModulesDir "manual"), as hosted reads it.
 *
 * The process starts on the first request (or `warm()`), gets the functions' environment (changed
 * environment → a new process), and is restarted if it dies. A function's "version" is the newest
 * mtime of its folder, `_shared`, `deno.json` and `.env`: when it changes, the host replaces that
 * function's worker, so edits apply on the next request as with `supabase functions serve`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HOST = fileURLToPath(new URL('../../deno/host.ts', import.meta.url));

/** The Deno binary: DENO_BIN, else the `deno` npm package's platform binary, else `deno` on PATH. */
export function denoBinary(env: NodeJS.ProcessEnv = process.env): string {
  if (env.DENO_BIN) return env.DENO_BIN;
  const require = createRequire(import.meta.url);
  const arch = process.arch === 'arm64' ? 'arm64' : 'x64';
  const platform = process.platform === 'linux' ? `linux-${arch}-glibc` : process.platform === 'darwin' ? `darwin-${arch}` : `win32-${arch}`;
  try {
    const dir = path.dirname(require.resolve(`@deno/${platform}/package.json`));
    const bin = path.join(dir, process.platform === 'win32' ? 'deno.exe' : 'deno');
    if (existsSync(bin)) return bin;
  } catch {
    // not installed for this platform
  }
  return 'deno';
}

export class DenoBootError extends Error {
  override name = 'DenoBootError';
}

interface Running {
  child: ChildProcess;
  port: Promise<number>;
  envKey: string;
}

export class DenoFunctions {
  private running: Running | null = null;

  constructor(
    private readonly functionsDir: string,
    private readonly env: () => Record<string, string>,
    private readonly log: (line: string) => void,
  ) {}

  /** Starts the Deno process ahead of the first request (not awaited by the devstack's start). */
  warm(): Promise<unknown> {
    return this.port().catch(() => undefined);
  }

  /** Forwards `request` (already past the JWT check) to the function; the answer as Deno gave it. */
  async call(name: string, entry: string, request: Request, remote: string): Promise<Response> {
    const port = await this.port();
    const url = new URL(request.url);
    const headers = new Headers(request.headers);
    // The hop to Deno is a new request: its framing is fetch's own (the body is already whole).
    for (const hop of ['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'expect', 'upgrade']) headers.delete(hop);
    headers.set('x-devstack-entry', entry);
    headers.set('x-devstack-version', this.version(name, entry));
    headers.set('x-devstack-remote', remote);
    const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer();
    return fetch(`http://127.0.0.1:${port}${url.pathname}${url.search}`, { method: request.method, headers, body, redirect: 'manual', signal: request.signal });
  }

  async close(): Promise<void> {
    const running = this.running;
    this.running = null;
    if (!running || running.child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => running.child.once('exit', () => resolve()));
    running.child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2000))]);
    if (running.child.exitCode === null) running.child.kill('SIGKILL');
  }

  /** The host's port, starting it (again) when it is not running or the environment changed. */
  private port(): Promise<number> {
    const env = this.env();
    const envKey = JSON.stringify(env);
    if (this.running && this.running.envKey === envKey && this.running.child.exitCode === null && !this.running.child.killed) return this.running.port;
    void this.close();
    const child = spawn(denoBinary(), ['run', '--allow-all', '--no-prompt', '--quiet', '--config', path.join(this.functionsDir, 'deno.json'), HOST, '0'], {
      cwd: path.dirname(this.functionsDir),
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...(process.env.DENO_DIR ? { DENO_DIR: process.env.DENO_DIR } : {}), NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1', ...env },
      // stdin stays open while this process lives: the host exits when it closes (an orphan never lingers).
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const port = new Promise<number>((resolve, reject) => {
      let buffered = '';
      const onLine = (line: string) => {
        const ready = /^DEVSTACK_DENO_READY (\d+)$/.exec(line.trim());
        if (ready) resolve(Number(ready[1]));
        else if (line.trim()) this.log(line);
      };
      child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
        buffered += chunk;
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        lines.forEach(onLine);
      });
      child.stderr!.setEncoding('utf8').on('data', (chunk: string) => chunk.split('\n').forEach((line) => line.trim() && this.log(line)));
      child.once('error', (err) => reject(new DenoBootError(`Deno could not be started (${denoBinary()}): ${err.message}`)));
      child.once('exit', (code, signal) => {
        reject(new DenoBootError(`Deno exited (${signal ?? code}) before it was ready`));
        if (this.running?.child === child) this.running = null;
      });
    });
    port.catch(() => {});
    this.running = { child, port, envKey };
    return port;
  }

  /** The newest mtime among the files a function loads: its folder, _shared, deno.json and .env. */
  private version(name: string, entry: string): string {
    let newest = 0;
    const visit = (target: string) => {
      let stat;
      try {
        stat = statSync(target);
      } catch {
        return;
      }
      if (stat.isDirectory()) {
        for (const child of readdirSync(target)) if (child !== 'node_modules') visit(path.join(target, child));
      } else newest = Math.max(newest, stat.mtimeMs);
    };
    const own = path.join(this.functionsDir, name);
    visit(own);
    // A config.toml entrypoint may live elsewhere; the function's own folder is walked once.
    if (path.dirname(entry) !== own) visit(path.dirname(entry));
    visit(path.join(this.functionsDir, '_shared'));
    visit(path.join(this.functionsDir, 'deno.json'));
    visit(path.join(this.functionsDir, '.env'));
    return String(newest);
  }
}
