/**
 * The devstack's edge-function host, run by Deno (devstack/src/functions/deno-runtime.ts starts it):
 * one Deno process, one Web Worker per function — an isolate of its own, as Supabase's edge runtime
 * gives each function — started on its first request and replaced when its files change.
 *
 * The devstack's relay (Node) checks the JWT as the gateway does, then sends the request here as
 * `/<name>/<rest>?<query>` with three headers of its own, removed before the function sees it:
 *   x-devstack-entry    the function's entry file (absolute path)
 *   x-devstack-version  changes when any of its files changes: a new worker serves it
 *   x-devstack-remote   the client's address, for Deno.serve's `info.remoteAddr`
 * An answer that is not the function's own carries `x-devstack-error: boot | threw | not-response`.
 *
 * Prints `DEVSTACK_DENO_READY <port>` once it listens, and exits when its stdin closes: the devstack
 * holds the other end, so a devstack that dies however it dies takes its Deno with it.
 */
import type { WorkerReply, WorkerRequest } from './protocol.ts';

interface Slot {
  version: string;
  worker: Worker;
  booted: Promise<void>;
  pending: Map<number, (reply: WorkerReply) => void>;
}

const slots = new Map<string, Slot>();
let nextId = 1;

function failure(kind: 'boot' | 'threw' | 'not-response', message: string, status: number): Response {
  return new Response(JSON.stringify({ error: message }), { status, headers: { 'content-type': 'application/json', 'x-devstack-error': kind } });
}

function start(name: string, entry: string, version: string): Slot {
  const worker = new Worker(new URL('./function-worker.ts', import.meta.url).href, { type: 'module', name });
  const pending = new Map<number, (reply: WorkerReply) => void>();
  let booted!: (value: void) => void;
  let bootFailed!: (error: Error) => void;
  const slot: Slot = { version, worker, pending, booted: new Promise<void>((resolve, reject) => ((booted = resolve), (bootFailed = reject))) };
  slot.booted.catch(() => {});
  worker.onmessage = (event: MessageEvent<WorkerReply>) => {
    const reply = event.data;
    if (reply.type === 'booted') booted();
    else if (reply.type === 'boot-error') bootFailed(new Error(reply.message));
    else pending.get(reply.id)?.(reply);
  };
  worker.onerror = (event: ErrorEvent) => {
    event.preventDefault();
    const message = `function "${name}" crashed: ${event.message}`;
    console.error(message);
    bootFailed(new Error(message));
    for (const [id, resolve] of pending) resolve({ type: 'threw', id, message });
    pending.clear();
    if (slots.get(name) === slot) slots.delete(name);
  };
  worker.postMessage({ type: 'boot', entry: new URL(`file://${entry}`).href } satisfies WorkerRequest);
  return slot;
}

function slotFor(name: string, entry: string, version: string): Slot {
  const current = slots.get(name);
  if (current && current.version === version) return current;
  current?.worker.terminate();
  const fresh = start(name, entry, version);
  slots.set(name, fresh);
  return fresh;
}

async function handle(req: Request): Promise<Response> {
  const url = new URL(req.url);
  const name = url.pathname.split('/')[1] ?? '';
  const entry = req.headers.get('x-devstack-entry');
  const version = req.headers.get('x-devstack-version') ?? '';
  const [hostname = '127.0.0.1', port = '0'] = (req.headers.get('x-devstack-remote') ?? '').split(/:(?=\d+$)/);
  if (!name || !entry) return failure('boot', 'x-devstack-entry is required', 400);

  const slot = slotFor(name, entry, version);
  try {
    await slot.booted;
  } catch (err) {
    slots.delete(name);
    return failure('boot', (err as Error).message, 503);
  }

  const headers = [...req.headers].filter(([k]) => !k.startsWith('x-devstack-'));
  const body = req.body ? await req.arrayBuffer() : null;
  const id = nextId++;
  const reply = await new Promise<WorkerReply>((resolve) => {
    slot.pending.set(id, resolve);
    const message: WorkerRequest = { type: 'request', id, method: req.method, url: req.url, headers, body, remote: { hostname, port: Number(port) } };
    slot.worker.postMessage(message, body ? [body] : []);
  });
  slot.pending.delete(id);
  if (reply.type === 'threw') return failure('threw', reply.message, 500);
  if (reply.type === 'not-response') return failure('not-response', reply.message, 500);
  if (reply.type !== 'response') return failure('threw', 'unexpected reply', 500);
  return new Response(reply.body, { status: reply.status, statusText: reply.statusText, headers: reply.headers });
}

Deno.serve(
  {
    hostname: '127.0.0.1',
    port: Number(Deno.args[0] ?? 0),
    onListen: ({ port }) => console.log(`DEVSTACK_DENO_READY ${port}`),
  },
  handle,
);

// The devstack is gone when the pipe it gave as stdin closes.
(async () => {
  for await (const _ of Deno.stdin.readable) {
    // nothing is sent: the pipe is only held open
  }
  Deno.exit(0);
})();
