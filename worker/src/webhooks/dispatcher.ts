import http from 'node:http';
import https from 'node:https';
import type { SupabaseClient } from '@supabase/supabase-js';
import { checkUrl, pinnedLookup } from '../http/safe-fetch.js';
import { SIGNATURE_HEADER, signatureOf } from './sign.js';

/**
 * Sends the users' outgoing webhooks (webhook_deliveries, queued by the database's triggers and
 * the webhook-endpoints function): claims due deliveries, POSTs each as JSON signed with its
 * endpoint's secret, and records the outcome. A non-2xx answer, a timeout or a dropped connection
 * is retried with growing pauses (base × 3^(attempt-1): 10 s, 30 s, 90 s, 4.5 min, 13.5 min by
 * default), six attempts in all; an address that is (or has become) private is refused at once
 * and for good. Redirects are not followed: a receiver answers where it was registered.
 */
export interface DispatcherOptions {
  service: SupabaseClient;
  /** `host:port` or `host:*` that may be private (a local n8n, a test receiver). */
  allowHosts?: string[];
  pollMs?: number;
  retryBaseSeconds?: number;
  maxAttempts?: number;
  timeoutMs?: number;
  batch?: number;
  log?: boolean;
}

export interface Dispatcher {
  /** Claims and sends what is due now; resolves with how many deliveries were attempted. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

interface Claimed {
  id: string;
  url: string;
  secret: string;
  event_id: string;
  event_type: string;
  payload: unknown;
  attempts: number;
}

export interface Outcome {
  ok: boolean;
  status: number | null;
  error: string | null;
  /** false: do not try again (the address is refused). */
  retry: boolean;
}

const refusal = (why: string) => Object.assign(new Error(`Not sent: ${why}.`), { refused: true });

/** One POST of one delivery. */
export async function sendDelivery(d: Pick<Claimed, 'id' | 'url' | 'secret' | 'event_id' | 'event_type' | 'payload'>, options: { allowHosts?: string[]; timeoutMs?: number } = {}): Promise<Outcome> {
  let target;
  try {
    target = await checkUrl(d.url, options.allowHosts ?? [], refusal);
  } catch (err) {
    return { ok: false, status: null, error: (err as Error).message, retry: false };
  }
  const body = JSON.stringify(d.payload);
  const timestamp = Math.floor(Date.now() / 1000);
  const client = target.url.protocol === 'https:' ? https : http;
  const timeoutMs = options.timeoutMs ?? 10_000;
  return new Promise<Outcome>((resolve) => {
    const req = client.request(
      target.url,
      {
        method: 'POST',
        lookup: pinnedLookup(target),
        timeout: timeoutMs,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          'User-Agent': 'Shotcraft-Webhooks/1.0',
          'Shotcraft-Event': d.event_type,
          'Shotcraft-Event-Id': d.event_id,
          'Shotcraft-Delivery': d.id,
          [SIGNATURE_HEADER]: signatureOf(d.secret, body, timestamp),
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        res.resume();
        const ok = status >= 200 && status < 300;
        resolve({ ok, status, error: ok ? null : `The receiver answered ${status}.`, retry: !ok });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`The receiver did not answer within ${timeoutMs / 1000} s.`)));
    req.on('error', (err) => resolve({ ok: false, status: null, error: err.message.startsWith('The receiver') ? err.message : `The receiver could not be reached (${err.message}).`, retry: true }));
    req.end(body);
  });
}

export function startWebhookDispatcher(options: DispatcherOptions): Dispatcher {
  const pollMs = options.pollMs ?? 1000;
  const base = options.retryBaseSeconds ?? 10;
  const maxAttempts = options.maxAttempts ?? 6;
  const batch = options.batch ?? 10;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;

  async function runOnce(): Promise<number> {
    const { data, error } = await options.service.rpc('claim_webhook_deliveries', { p_limit: batch });
    if (error) {
      if (options.log) console.error(`[worker] webhooks: claiming failed: ${error.message}`);
      return 0;
    }
    const claimed = (data ?? []) as Claimed[];
    await Promise.all(
      claimed.map(async (d) => {
        const outcome = await sendDelivery(d, { allowHosts: options.allowHosts, timeoutMs: options.timeoutMs });
        const retryIn = outcome.ok || !outcome.retry ? null : base * 3 ** (d.attempts - 1);
        const { error: finishError } = await options.service.rpc('finish_webhook_delivery', {
          p_id: d.id,
          p_ok: outcome.ok,
          p_status_code: outcome.status,
          p_error: outcome.error,
          p_retry_in_seconds: retryIn,
          p_max_attempts: maxAttempts,
        });
        if (options.log) console.log(`[worker] webhook ${d.event_type} → ${new URL(d.url).host} ${outcome.ok ? 'delivered' : `attempt ${d.attempts} failed: ${outcome.error}`}${finishError ? ` (not recorded: ${finishError.message})` : ''}`);
      }),
    );
    return claimed.length;
  }

  const tick = () => {
    if (stopped) return;
    running = runOnce().catch((err: unknown) => {
      if (options.log) console.error('[worker] webhooks:', err);
      return 0;
    });
    void running.then((count) => {
      running = null;
      if (!stopped) timer = setTimeout(tick, count >= batch ? 0 : pollMs);
    });
  };
  timer = setTimeout(tick, 0);

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
