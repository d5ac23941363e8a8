import WebSocket from 'ws';

/**
 * Just enough of Deno's globals for Supabase edge functions to run unchanged in Node:
 * `Deno.env` (get/set/has/delete/toObject) and `Deno.serve`, whose handler is captured for the
 * function being loaded, plus `EdgeRuntime.waitUntil` and a global `WebSocket` (Deno has one;
 * Node 20 does not, and supabase-js's createClient() refuses to construct without it).
 * Installed on first use only.
 */
export type Handler = (req: Request, info: { remoteAddr: { transport: 'tcp'; hostname: string; port: number } }) => Response | Promise<Response>;

export interface Served {
  handler: Handler;
  onError?: (error: unknown) => Response | Promise<Response>;
}

const env = new Map<string, string>();
let capture: ((served: Served) => void) | null = null;

function serve(a: unknown, b?: unknown) {
  const opts = (typeof a === 'object' && a !== null ? a : {}) as { handler?: Handler; onError?: Served['onError'] };
  const handler = (typeof a === 'function' ? a : typeof b === 'function' ? b : opts.handler) as Handler | undefined;
  if (typeof handler !== 'function') throw new TypeError('Deno.serve: a handler function is required');
  if (capture) capture({ handler, onError: opts.onError });
  else console.warn('[functions] Deno.serve() called outside of a function load; ignored');
  const finished = new Promise<void>(() => {});
  return {
    finished,
    addr: { transport: 'tcp', hostname: '127.0.0.1', port: 0 },
    shutdown: async () => {},
    ref() {},
    unref() {},
  };
}

export function installDenoShim(): void {
  const g = globalThis as Record<string, unknown>;
  if (g.Deno && !(g.Deno as { __devstack?: boolean }).__devstack) return; // real Deno
  g.Deno = {
    __devstack: true,
    env: {
      get: (k: string) => env.get(k),
      set: (k: string, v: string) => void env.set(k, String(v)),
      has: (k: string) => env.has(k),
      delete: (k: string) => void env.delete(k),
      toObject: () => Object.fromEntries(env),
    },
    serve,
  };
  g.WebSocket ??= WebSocket;
  g.EdgeRuntime ??= {
    waitUntil(p: Promise<unknown>) {
      Promise.resolve(p).catch((err: Error) => console.error('[functions] waitUntil task failed:', err));
    },
  };
}

/** Replaces the environment functions see (done before every (re)load). */
export function setDenoEnv(vars: Record<string, string | undefined>): void {
  env.clear();
  for (const [k, v] of Object.entries(vars)) if (v !== undefined) env.set(k, v);
}

/** Runs `load` (a module import) and returns the handler its Deno.serve() registered. */
export async function captureServe(load: () => Promise<unknown>): Promise<{ served: Served | null; module: unknown }> {
  let served: Served | null = null;
  capture = (s) => {
    served ??= s;
  };
  try {
    const module = await load();
    return { served, module };
  } finally {
    capture = null;
  }
}
