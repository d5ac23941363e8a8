import os from 'node:os';
import { z } from 'zod';
import { parseAllowHosts } from '@shotcraft/shared/url-safety.ts';
import { MAX_PIXELS, MAX_UPLOAD_BYTES } from '@shotcraft/shared/jobs/contract.ts';

/** What the worker needs from its environment (zod-parsed once at start). */
const EnvSchema = z.object({
  SUPABASE_URL: z.url().describe('Supabase API URL (devstack or hosted project)'),
  SUPABASE_SERVICE_ROLE_KEY: z.string().min(20).describe('service-role key: only the worker holds it'),
  WORKER_HOST: z.string().default('127.0.0.1'),
  WORKER_PORT: z.coerce.number().int().min(0).max(65535).default(54330),
  WORKER_ALLOWED_ORIGINS: z
    .string()
    .default('http://127.0.0.1:*,http://localhost:*')
    .describe('comma-separated origins allowed by CORS; "*" as a port matches any port, a lone "*" any origin'),
  WORKER_MAX_UPLOAD_MB: z.coerce.number().positive().default(MAX_UPLOAD_BYTES / (1024 * 1024)),
  WORKER_MAX_MEGAPIXELS: z.coerce.number().positive().default(MAX_PIXELS / 1_000_000),
  WORKER_CONCURRENCY: z.coerce.number().int().positive().optional(),
  SPIN_ENCODE_TIMEOUT_S: z.coerce.number().positive().max(3600).default(120).describe("how long a 360° spin's encode may run before ffmpeg is killed and the job fails with its credits back"),
  UGC_RENDER_SCALE: z.coerce.number().min(0.1).max(1).default(1).describe('a final UGC render\'s share of its full size: 1 in production; the e2e stack renders at a quarter'),
  WEBHOOK_ALLOW_HOSTS: z.string().default('').describe('comma-separated host:port or host:* that outgoing webhooks may reach although private (a local n8n)'),
  WEBHOOK_POLL_MS: z.coerce.number().int().min(50).default(1000),
  WEBHOOK_RETRY_BASE_SECONDS: z.coerce.number().positive().default(10),
});

export interface WorkerConfig {
  supabaseUrl: string;
  serviceRoleKey: string;
  host: string;
  port: number;
  allowedOrigins: string[];
  maxUploadBytes: number;
  maxPixels: number;
  concurrency: number;
  ugcRenderScale: number;
  /** How long a spin's encode may run before ffmpeg is killed (a hung encode must not hold a job). */
  spinEncodeTimeoutMs: number;
  webhookDispatch: { allowHosts: string[]; pollMs: number; retryBaseSeconds: number };
}

/** How long a spin's encode may run by default (SPIN_ENCODE_TIMEOUT_S). */
export const DEFAULT_SPIN_ENCODE_TIMEOUT_MS = 120_000;

export const DEFAULT_LIMITS = {
  maxUploadBytes: MAX_UPLOAD_BYTES,
  maxPixels: MAX_PIXELS,
} as const;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid worker environment: ${issues}`);
  }
  const e = parsed.data;
  return {
    supabaseUrl: e.SUPABASE_URL,
    serviceRoleKey: e.SUPABASE_SERVICE_ROLE_KEY,
    host: e.WORKER_HOST,
    port: e.WORKER_PORT,
    allowedOrigins: e.WORKER_ALLOWED_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean),
    maxUploadBytes: Math.round(e.WORKER_MAX_UPLOAD_MB * 1024 * 1024),
    maxPixels: Math.round(e.WORKER_MAX_MEGAPIXELS * 1_000_000),
    concurrency: e.WORKER_CONCURRENCY ?? os.cpus().length,
    ugcRenderScale: e.UGC_RENDER_SCALE,
    spinEncodeTimeoutMs: Math.round(e.SPIN_ENCODE_TIMEOUT_S * 1000),
    webhookDispatch: {
      allowHosts: parseAllowHosts(e.WEBHOOK_ALLOW_HOSTS),
      pollMs: e.WEBHOOK_POLL_MS,
      retryBaseSeconds: e.WEBHOOK_RETRY_BASE_SECONDS,
    },
  };
}
