import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import sharp from 'sharp';
import { DEFAULT_SPIN_ENCODE_TIMEOUT_MS, DEFAULT_LIMITS, type WorkerConfig } from './config.js';
import { applyCors, originMatcher } from './http/cors.js';
import { toWorkerError, WorkerError } from './http/errors.js';
import { sendError, sendJson, Timings } from './http/respond.js';
import { createQueue } from './queue.js';
import { endpointAt } from './routes.js';
import { STUDIOS } from './studios/index.js';
import { serviceClient } from './supabase.js';
import { warmFaces } from './models/faces.js';
import { warmOcr } from './models/ocr.js';
import { cutoutProvider } from './models/cutout/index.js';
import { sceneProvider, type SceneProvider } from './models/scene.js';
import type { WorkerContext } from './context.js';
import { startWebhookDispatcher, type DispatcherOptions } from './outgoing-webhooks/dispatcher.js';

export interface WorkerOptions extends Partial<Omit<WorkerConfig, 'supabaseUrl' | 'serviceRoleKey' | 'webhookDispatch'>> {
  supabaseUrl: string;
  serviceRoleKey: string;
  /** Log one line per request (default true). */
  log?: boolean;
  /**
   * Load the models (cut-out, OCR) right after the server listens, so the first photo does not wait
   * for them; /health says when they are ready. The CLI does; tests that start many workers don't.
   */
  warm?: boolean;
  /** The scene model for described backdrops; default: LIGHTBOX_SCENE_URL's, or none (tests give the stand-in's). */
  scene?: SceneProvider | null;
  /** Send the users' outgoing webhooks from this process (the CLI does; tests ask for it). */
  webhookDispatch?: Omit<DispatcherOptions, 'service'> | false;
}

export interface RunningWorker {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Starts the media worker's HTTP server (GET /health, POST /webhooks/<studio>). */
export async function startWorker(options: WorkerOptions): Promise<RunningWorker> {
  const concurrency = options.concurrency ?? os.cpus().length;
  sharp.concurrency(os.cpus().length);
  // Every job is a new image: libvips' operation cache would only hold memory.
  sharp.cache(false);

  const ctx: WorkerContext = {
    service: serviceClient(options.supabaseUrl, options.serviceRoleKey),
    queue: createQueue(concurrency),
    models: createQueue(1),
    cutout: () => cutoutProvider(),
    scene: () => (options.scene === undefined ? sceneProvider() : options.scene),
    renderScale: options.ugcRenderScale ?? 1,
    spinEncodeTimeoutMs: options.spinEncodeTimeoutMs ?? DEFAULT_SPIN_ENCODE_TIMEOUT_MS,
    maxUploadBytes: options.maxUploadBytes ?? DEFAULT_LIMITS.maxUploadBytes,
    maxPixels: options.maxPixels ?? DEFAULT_LIMITS.maxPixels,
  };
  const allowed = originMatcher(options.allowedOrigins ?? ['http://127.0.0.1:*', 'http://localhost:*']);
  const log = options.log ?? true;
  const warm: Record<string, 'cold' | 'warming' | 'ready' | 'failed'> = { cutout: 'cold', ocr: 'cold', faces: 'cold' };

  const server = http.createServer(async (req, res) => {
    const started = performance.now();
    const timings = new Timings();
    const url = new URL(req.url ?? '/', 'http://worker');
    let status = 500;
    let code = '';
    try {
      applyCors(req, res, allowed);
      if (req.method === 'OPTIONS') {
        status = 204;
        res.writeHead(204).end();
        return;
      }
      if (url.pathname === '/health') {
        if (req.method !== 'GET' && req.method !== 'HEAD') throw new WorkerError('method_not_allowed', 'Use GET /health.');
        status = 200;
        sendJson(res, 200, {
          status: 'ok',
          webhooks: Object.keys(STUDIOS).map((route) => `/webhooks/${route}`),
          queue: { concurrency: ctx.queue.concurrency, running: ctx.queue.running, waiting: ctx.queue.waiting },
          models: { ...warm, running: ctx.models.running, waiting: ctx.models.waiting },
        });
        return;
      }
      const endpoint = endpointAt(url.pathname);
      if (!endpoint) throw new WorkerError('not_found', `No endpoint at ${url.pathname}.`);
      if (req.method !== 'POST') throw new WorkerError('method_not_allowed', `Use POST ${url.pathname}.`);
      const reply = await endpoint({ ctx, req, timings, serviceRoleKey: options.serviceRoleKey });
      status = 200;
      if ('json' in reply) sendJson(res, 200, reply.json, { 'Server-Timing': timings.header() });
      else res.writeHead(200, { ...reply.headers, 'Content-Length': reply.file.length, 'Cache-Control': 'no-store', 'Server-Timing': timings.header() }).end(reply.file);
    } catch (err) {
      const failure = toWorkerError(err);
      if (failure.code === 'internal_error') console.error('[worker] unexpected error:', err);
      status = failure.status;
      code = failure.code;
      if (!res.headersSent) sendError(res, failure, { 'Server-Timing': timings.header() });
      else res.end();
    } finally {
      if (log) {
        const phases = timings.summary();
        console.log(`[worker] ${req.method} ${url.pathname} ${status}${code ? ` ${code}` : ''} ${Math.round(performance.now() - started)} ms${phases ? ` (${phases})` : ''}`);
      }
    }
  });
  server.requestTimeout = 5 * 60_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 54330, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  if (options.warm) {
    // After listen: readiness does not wait for the models, the first job waits only for what is left.
    const load = (name: string, work: () => Promise<void>) => {
      warm[name] = 'warming';
      const started = performance.now();
      work().then(
        () => {
          warm[name] = 'ready';
          if (log) console.log(`[worker] ${name} model ready in ${Math.round(performance.now() - started)} ms`);
        },
        (err: unknown) => {
          warm[name] = 'failed';
          console.error(`[worker] ${name} model could not be loaded ahead of use:`, err);
        },
      );
    };
    load('cutout', async () => {
      await ctx.cutout().warm?.();
    });
    load('ocr', warmOcr);
    load('faces', warmFaces);
  }
  const dispatcher = options.webhookDispatch ? startWebhookDispatcher({ log, ...options.webhookDispatch, service: ctx.service }) : null;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    port,
    close: async () => {
      await dispatcher?.stop();
      await new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
