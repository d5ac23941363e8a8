/**
 * One edge function in its own Web Worker (devstack/deno/host.ts): the function's module is
 * imported once with Deno.serve() captured — as Supabase's edge runtime runs it — and each request
 * the host posts is answered by its handler. `EdgeRuntime.waitUntil` keeps a task going after the
 * answer (this worker lives on), and `export default { fetch }` works as the other entry style.
 */
import type { WorkerReply, WorkerRequest } from './protocol.ts';

type Handler = (req: Request, info: { remoteAddr: Deno.NetAddr }) => Response | Promise<Response>;

let handler: Handler | null = null;
let onError: ((error: unknown) => Response | Promise<Response>) | null = null;

const post = (reply: WorkerReply, transfer: Transferable[] = []) => (self as unknown as { postMessage(m: unknown, t: Transferable[]): void }).postMessage(reply, transfer);

(Deno as unknown as { serve: unknown }).serve = (a: unknown, b?: unknown) => {
  const options = (typeof a === 'object' && a !== null ? a : {}) as { handler?: Handler; onError?: typeof onError };
  handler = (typeof a === 'function' ? a : typeof b === 'function' ? b : options.handler) as Handler | null;
  onError = options.onError ?? null;
  if (typeof handler !== 'function') throw new TypeError('Deno.serve: a handler function is required');
  return { finished: new Promise(() => {}), addr: { transport: 'tcp', hostname: '127.0.0.1', port: 0 }, shutdown: async () => {}, ref() {}, unref() {} };
};

(globalThis as unknown as { EdgeRuntime: unknown }).EdgeRuntime = {
  waitUntil(task: Promise<unknown>) {
    Promise.resolve(task).catch((err: Error) => console.error('[functions] waitUntil task failed:', err));
  },
};

async function answer(message: Extract<WorkerRequest, { type: 'request' }>) {
  const request = new Request(message.url, { method: message.method, headers: message.headers, body: message.body });
  let response: unknown;
  try {
    response = await handler!(request, { remoteAddr: { transport: 'tcp', hostname: message.remote.hostname, port: message.remote.port } });
  } catch (err) {
    console.error(`[functions] ${self.name} threw:`, err);
    if (onError) response = await Promise.resolve(onError(err)).catch(() => null);
    if (!(response instanceof Response)) return post({ type: 'threw', id: message.id, message: String((err as Error)?.stack ?? err) });
  }
  if (!(response instanceof Response)) return post({ type: 'not-response', id: message.id, message: `returned ${Object.prototype.toString.call(response)} instead of a Response` });
  const body = response.body ? await response.arrayBuffer() : null;
  post({ type: 'response', id: message.id, status: response.status, statusText: response.statusText, headers: [...response.headers], body }, body ? [body] : []);
}

const scope = self as unknown as { onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null; name: string };
scope.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const message = event.data;
  if (message.type === 'boot') {
    try {
      const module = (await import(message.entry)) as { default?: { fetch?: Handler } };
      if (!handler && typeof module.default?.fetch === 'function') handler = module.default.fetch.bind(module.default);
      if (!handler) throw new Error('the function did not call Deno.serve()');
      post({ type: 'booted' });
    } catch (err) {
      post({ type: 'boot-error', message: `function "${self.name}" failed to load: ${String((err as Error)?.stack ?? err)}` });
    }
    return;
  }
  void answer(message);
};
