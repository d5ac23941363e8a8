/** Messages between the Deno host (host.ts) and a function's worker (function-worker.ts). */
export type WorkerRequest =
  | { type: 'boot'; entry: string }
  | { type: 'request'; id: number; method: string; url: string; headers: [string, string][]; body: ArrayBuffer | null; remote: { hostname: string; port: number } };

export type WorkerReply =
  | { type: 'booted' }
  | { type: 'boot-error'; message: string }
  | { type: 'response'; id: number; status: number; statusText: string; headers: [string, string][]; body: ArrayBuffer | null }
  | { type: 'threw'; id: number; message: string }
  | { type: 'not-response'; id: number; message: string };
