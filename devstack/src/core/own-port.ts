/**
 * A service that serves on a port of its own rather than under the gateway (the inbox, the Stripe
 * and social platform stand-ins): start listens on 127.0.0.1:<port>, a handler failure becomes the
 * service's own 500 answer, stop closes open connections and the server.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface OwnPortServer {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Idle keep-alive connections are kept longer than any local client pools them (Deno: 90 s). */
export const KEEP_ALIVE_MS = 120_000;

export function ownPortServer(opts: {
  port: number;
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  /** What a request that threw gets (headers not sent yet). */
  onError: (res: ServerResponse, error: unknown) => void;
}): OwnPortServer {
  let server: Server | null = null;
  return {
    async start() {
      server = createServer((req, res) => {
        opts.handle(req, res).catch((error: unknown) => {
          if (!res.headersSent) opts.onError(res, error);
          else res.end();
        });
      });
      // Longer than clients' keep-alive (Node's 4–5 s, Deno's fetch pool 90 s, whose functions call
      // these stand-ins), so a reused connection is never closed under a request.
      server.keepAliveTimeout = KEEP_ALIVE_MS;
      server.headersTimeout = KEEP_ALIVE_MS + 1000;
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(opts.port, '127.0.0.1', () => resolve());
      });
    },
    async stop() {
      const running = server;
      server = null;
      if (!running) return;
      running.closeAllConnections();
      await new Promise<void>((resolve) => running.close(() => resolve()));
    },
  };
}
