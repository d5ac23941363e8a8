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
 *
 * A slow receiver holds up nobody else: each attempt has an overall deadline (not an idle one: a
 * receiver that drips a byte at a time is cut off too), every delivery is sent on its own rather
 * than with its batch, and claiming takes at most two of a user's deliveries at a time.
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
  user_id: string;
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
  const timeoutMs = options.timeoutMs ?? 10_000;
  const started = Date.now();
  let target;
  try {
    // The name's lookup counts against the attempt's deadline too (a slow DNS server is a slow receiver).
    let timer: NodeJS.Timeout | undefined;
    target = await Promise.race([
      checkUrl(d.url, options.allowHosts ?? [], refusal),
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(Object.assign(new Error(`The receiver's address could not be looked up within ${timeoutMs / 1000} s.`), { lookup: true })), timeoutMs))),
    ]).finally(() => clearTimeout(timer));
  } catch (err) {
    const e = err as Error & { refused?: boolean; lookup?: boolean };
    // A name that does not resolve now may resolve later; a private address or a bad URL never passes.
    const retry = e.lookup === true || /could not be found/.test(e.message) || !e.refused;
    return { ok: false, status: null, error: e.message, retry };
  }
  const body = JSON.stringify(d.payload);
  const timestamp = Math.floor(Date.now() / 1000);
  const client = target.url.protocol === 'https:' ? https : http;
  const remainingMs = Math.max(1, timeoutMs - (Date.now() - started));
  return new Promise<Outcome>((resolve) => {
    let settled = false;
    const finish = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(outcome);
    };
    // The whole attempt (look-up, connect, send, the answer's status line and headers) within timeoutMs.
    const deadline = setTimeout(() => req.destroy(new Error(`The receiver did not answer within ${timeoutMs / 1000} s.`)), remainingMs);
    const req = client.request(
      target.url,
      {
        method: 'POST',
        lookup: pinnedLookup(target),
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
        // The status is the answer; the body is not read (a receiver cannot hold the attempt open with it).
        res.destroy();
        const ok = status >= 200 && status < 300;
        finish({ ok, status, error: ok ? null : `The receiver answered ${status}.`, retry: !ok });
      },
    );
    req.on('error', (err) => finish({ ok: false, status: null, error: err.message.startsWith('The receiver') ? err.message : `The receiver could not be reached (${err.message}).`, retry: true }));
    req.end(body);
  });
}

export function startWebhookDispatcher(options: DispatcherOptions): Dispatcher {
  const pollMs = options.pollMs ?? 1000;
  const base = options.retryBaseSeconds ?? 10;
  const maxAttempts = options.maxAttempts ?? 6;
  // How many deliveries are under way at once; each is sent on its own, none waits for a batch.
  const slots = options.batch ?? 10;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let claiming: Promise<number> | null = null;
  const inFlight = new Set<Promise<void>>();

  async function deliver(d: Claimed) {
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
  }

  /** Claims as many due deliveries as there are free places and starts each; how many it started. */
  async function claimAndStart(): Promise<number> {
    const free = slots - inFlight.size;
    if (free <= 0) return 0;
    const { data, error } = await options.service.rpc('claim_webhook_deliveries', { p_limit: free, p_per_user: 2 });
    if (error) {
      if (options.log) console.error(`[worker] webhooks: claiming failed: ${error.message}`);
      return 0;
    }
    const claimed = (data ?? []) as Claimed[];
    for (const d of claimed) {
      const sending: Promise<void> = deliver(d)
        .catch((err: unknown) => {
          if (options.log) console.error('[worker] webhooks:', err);
        })
        .finally(() => {
          inFlight.delete(sending);
          // A freed place is filled at once rather than at the next poll.
          if (!stopped) schedule(0);
        });
      inFlight.add(sending);
    }
    return claimed.length;
  }

  function schedule(ms: number) {
    clearTimeout(timer);
    timer = setTimeout(tick, ms);
  }

  function tick() {
    if (stopped || claiming) return;
    claiming = claimAndStart().catch((err: unknown) => {
      if (options.log) console.error('[worker] webhooks:', err);
      return 0;
    });
    void claiming.then((count) => {
      claiming = null;
      if (!stopped) schedule(count > 0 && inFlight.size < slots ? 0 : pollMs);
    });
  }
  schedule(0);

  return {
    /** Claims what is due now and waits until those deliveries are done (tests). */
    async runOnce() {
      const started = await claimAndStart();
      await Promise.all(inFlight);
      return started;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await claiming;
      await Promise.all(inFlight);
    },
  };
}
