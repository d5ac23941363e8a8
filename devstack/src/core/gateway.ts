import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { checkApiKey } from './api-key.js';
import { answerPreflight, setCorsHeaders } from './cors.js';
import { BODY_LIMIT, createHttpContext, PAYLOAD_TOO_LARGE } from './http-context.js';
import { HttpError, JwtError, type DevstackConfig, type Jwt, type Service } from './types.js';
import { KEEP_ALIVE_MS } from './own-port.js';

/**
 * Hosted edge functions answer their own preflights and set their own CORS headers (the
 * Supabase docs have every function return `corsHeaders`); doing it here would hide a function
 * that forgets to, until it is deployed.
 */
const SELF_CORS_PREFIXES = new Set(['/functions/v1']);
/** Services that stream request bodies and enforce their own size limits. */
const STREAMING_PREFIXES = new Set(['/storage/v1']);

export interface Gateway {
  server: http.Server;
  listen(): Promise<void>;
  close(): Promise<void>;
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** Longest prefix first so `/storage/v1` never shadows a longer mount. */
function route(services: Service[], pathname: string): { service: Service; path: string } | null {
  for (const service of services) {
    const p = service.prefix;
    if (pathname === p || pathname.startsWith(`${p}/`)) return { service, path: pathname.slice(p.length) || '/' };
  }
  return null;
}

export function createGateway(opts: {
  config: DevstackConfig;
  jwt: Jwt;
  services: Service[];
  log: (message: string) => void;
}): Gateway {
  const { config, jwt, log } = opts;
  // Services with an empty prefix (the inbox) serve on their own port, not here.
  const mounted = opts.services.filter((s) => s.prefix !== '').sort((a, b) => b.prefix.length - a.prefix.length);

  async function onRequest(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', config.apiUrl);
    const match = route(mounted, url.pathname);
    const selfCors = match !== null && SELF_CORS_PREFIXES.has(match.service.prefix);
    if (!selfCors) {
      if (req.method === 'OPTIONS') return answerPreflight(req, res);
      setCorsHeaders(res);
    }
    if (url.pathname === '/health' && req.method === 'GET') {
      return sendJson(res, 200, { status: 'ok', services: mounted.map((s) => s.name) });
    }
    const keyProblem = checkApiKey(req, url, config);
    if (keyProblem) return sendJson(res, keyProblem.status, keyProblem.body);
    if (!match) return sendJson(res, 404, { message: 'no Route matched with those values' });
    // A declared oversize body is refused before any service reads it (chunked bodies are
    // capped while reading, in ctx.body()). Storage streams uploads to disk and applies the
    // project's and the bucket's own limits, as storage-api does.
    if (!STREAMING_PREFIXES.has(match.service.prefix) && Number(req.headers['content-length'] ?? 0) > BODY_LIMIT) {
      req.resume();
      return sendJson(res, 413, PAYLOAD_TOO_LARGE, { Connection: 'close' });
    }
    try {
      await match.service.handle(createHttpContext(req, res, url, match.service.prefix, match.path, jwt));
    } catch (err) {
      if (res.headersSent) {
        log(`${match.service.name}: error after the response started: ${(err as Error).message}`);
        res.destroy();
      } else if (err instanceof HttpError) {
        sendJson(res, err.status, err.body, err.headers);
      } else if (err instanceof JwtError) {
        // A service that let a bad token through unanswered still must not turn it into a 500.
        sendJson(res, 401, { message: err.message });
      } else {
        log(`${match.service.name}: ${(err as Error).stack ?? String(err)}`);
        sendJson(res, 500, { message: (err as Error).message ?? 'Internal Server Error' });
      }
    }
  }

  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(req.url ?? '/', config.apiUrl);
    const match = route(mounted, url.pathname);
    if (!match?.service.upgrade) {
      socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
      return;
    }
    match.service.upgrade(req, socket, head, url);
  }

  const server = http.createServer((req, res) => void onRequest(req, res));
  server.on('upgrade', onUpgrade);
  // Bad requests from the wire must not crash the process.
  server.on('clientError', (_err, socket) => socket.destroy());
  // Idle keep-alive connections stay open for 120 s, not Node's 5 s: a client whose event loop was
  // busy for a few seconds (the worker during a cut-out) would otherwise reuse a socket the server
  // had just closed and see "fetch failed" — and the functions' Deno pools idle connections for 90 s.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1000;

  return {
    server,
    listen: () =>
      new Promise((resolve, reject) => {
        server.once('error', (err: NodeJS.ErrnoException) =>
          reject(
            err.code === 'EADDRINUSE'
              ? new Error(`API port ${config.apiPort} is in use (set DEVSTACK_API_PORT to use another)`)
              : err,
          ),
        );
        server.listen(config.apiPort, '127.0.0.1', () => resolve());
      }),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        // Upgraded sockets a service failed to close must not hang shutdown.
        setTimeout(resolve, 3000).unref();
      }),
  };
}
