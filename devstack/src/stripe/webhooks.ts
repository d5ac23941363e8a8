/**
 * Events and their delivery, as Stripe does it: an `event` object per change, POSTed as JSON to
 * the endpoint with `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.payload">`, retried with
 * a growing delay until a 2xx (Stripe: for up to three days; here a few times, quickly).
 */
import { createHmac } from 'node:crypto';
import { newId, now, type StoredEvent, type StripeObject, type StripeStore } from './store.js';

export const API_VERSION = '2026-10-28.endive';

export function signatureHeader(payload: string, secret: string, timestamp = now()): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export interface WebhookOptions {
  url: string;
  secret: string;
  /** Delay before retry n (1-based), in ms. */
  retryDelayMs: (attempt: number) => number;
  maxAttempts: number;
  log: (message: string) => void;
}

export class WebhookSender {
  private queue: StoredEvent[] = [];
  private running = false;
  private timers = new Set<NodeJS.Timeout>();
  private stopped = false;
  private paused = false;

  constructor(
    private readonly store: StripeStore,
    private readonly opts: WebhookOptions,
  ) {}

  /** Records the event and queues its delivery. */
  emit(type: string, object: StripeObject, previousAttributes?: Record<string, unknown>): StripeObject {
    const event: StripeObject = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: now(),
      data: { object: structuredClone(object), ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const stored: StoredEvent = { event, deliveries: [], state: 'pending' };
    this.store.state.events.push(stored);
    this.store.save();
    this.queue.push(stored);
    void this.pump();
    return event;
  }

  /** Sends an event again now (the dashboard's Resend), whatever its state. */
  resend(eventId: string): boolean {
    const stored = this.store.state.events.find((e) => e.event.id === eventId);
    if (!stored) return false;
    stored.state = 'pending';
    this.queue.push(stored);
    void this.pump();
    return true;
  }

  /**
   * Holds deliveries (events still queue) until resume(): tests take the queued events and send
   * them themselves, out of order and repeatedly, as Stripe may.
   */
  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    void this.pump();
  }

  /** Events still waiting for a first answer, in order; for tests that wait for quiet. */
  pendingCount(): number {
    return this.store.state.events.filter((e) => e.state === 'pending').length;
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (!this.stopped && !this.paused && this.queue.length) {
        const stored = this.queue.shift()!;
        await this.deliver(stored);
      }
    } finally {
      this.running = false;
    }
  }

  private async deliver(stored: StoredEvent): Promise<void> {
    const payload = JSON.stringify(stored.event, null, 2);
    let status: number | null = null;
    let error: string | undefined;
    try {
      const res = await fetch(this.opts.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signatureHeader(payload, this.opts.secret),
        },
        body: payload,
        signal: AbortSignal.timeout(30_000),
      });
      status = res.status;
      await res.arrayBuffer().catch(() => undefined);
    } catch (err) {
      error = (err as Error).message;
    }
    stored.deliveries.push({ at: now(), status, ...(error ? { error } : {}) });
    const ok = status !== null && status >= 200 && status < 300;
    if (ok) {
      stored.state = 'delivered';
      stored.event.pending_webhooks = 0;
    } else if (stored.deliveries.length >= this.opts.maxAttempts) {
      stored.state = 'failed';
      this.opts.log(`${stored.event.type as string} ${stored.event.id} not delivered after ${stored.deliveries.length} attempts`);
    } else {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.queue.push(stored);
        void this.pump();
      }, this.opts.retryDelayMs(stored.deliveries.length));
      this.timers.add(timer);
    }
    this.store.save();
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
