/**
 * Outgoing webhooks against the devstack and a worker that dispatches them: endpoints through the
 * webhook-endpoints function (SSRF refusals, the secret shown once and never readable), events
 * queued by the database, deliveries signed, retried on failure, refused for private addresses
 * at send time, and resent on request.
 */
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { verifySignature } from '@shotcraft/worker/src/outgoing-webhooks/sign.ts';
import { serviceClient } from '../helpers/clients.js';
import { tokenOf, useWorker } from '../helpers/worker.js';
import { completeJob, failJob, newActor, setBalance, startJob, type Actor } from '../data/support.js';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver on this machine: records every request, answers with the next planned status (200 when none is left). */
function receiver() {
  const received: Received[] = [];
  const plan: number[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(plan.shift() ?? 200).end();
    });
  });
  return {
    received,
    plan,
    server,
    async start() {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    },
  };
}

const ctx = useWorker({ webhookDispatch: { allowHosts: ['127.0.0.1:*'], pollMs: 100, retryBaseSeconds: 0.2, maxAttempts: 3, timeoutMs: 5000 } });
const hook = receiver();
let url = '';
beforeAll(async () => {
  url = await hook.start();
});
afterAll(() => new Promise<void>((r) => hook.server.close(() => r())));

/** The function as the browser calls it, with the status it answers. */
async function call(actor: Actor, body: Record<string, unknown>) {
  const { api_url, anon_key } = inject('devstack');
  const res = await fetch(`${api_url}/functions/v1/webhook-endpoints`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await tokenOf(actor)}`, apikey: anon_key, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, data: (await res.json()) as Record<string, unknown> };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const deliveriesOf = async (actor: Actor) => (await actor.db.from('webhook_deliveries').select('id, event_type, status, attempts, last_status_code, last_error, event_id, payload').order('created_at')).data ?? [];

describe('webhook endpoints', () => {
  it('refuses private, loopback, metadata and malformed URLs, and unknown events', async () => {
    const a = await newActor();
    for (const bad of ['http://10.0.0.5/hook', 'http://169.254.169.254/latest/meta-data', 'http://192.168.1.1/', 'http://localhost/hook', 'http://[::1]/hook', 'http://metadata.google.internal/', 'ftp://example.com/x', 'https://user:pw@example.com/', 'https://example.com:8443/', 'not a url']) {
      const res = await call(a, { action: 'create', url: bad, events: ['generation.completed'] });
      expect(res.status, bad).toBe(400);
    }
    const events = await call(a, { action: 'create', url: 'https://example.com/hook', events: ['everything'] });
    expect(events.status).toBe(400);
    expect((await a.db.from('webhook_endpoints').select('id')).data).toEqual([]);
  });

  it('shows the secret once: no client can read it back, or write endpoints directly', async () => {
    const a = await newActor();
    const created = await call(a, { action: 'create', url: 'https://example.com/hook', events: ['credits.low'], description: 'shop' });
    expect(created.status).toBe(201);
    expect(String(created.data.secret)).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const read = await a.db.from('webhook_endpoints').select('secret');
    expect(read.error?.code).toBe('42501');
    const insert = await a.db.from('webhook_endpoints').insert({ user_id: a.id, url: 'https://example.com/x', events: ['credits.low'], secret: 'mine' });
    expect(insert.error).not.toBeNull();
    const deliveries = await a.db.from('webhook_deliveries').insert({ endpoint_id: (created.data.endpoint as { id: string }).id, user_id: a.id, event_id: crypto.randomUUID(), event_type: 'credits.low', payload: {} });
    expect(deliveries.error).not.toBeNull();
  });

  it("another user can neither see, test, resend nor delete someone's webhook", async () => {
    const a = await newActor();
    const b = await newActor();
    const created = await call(a, { action: 'create', url: 'https://example.com/hook', events: ['credits.low'] });
    const id = (created.data.endpoint as { id: string }).id;
    expect((await b.db.from('webhook_endpoints').select('id')).data).toEqual([]);
    expect((await call(b, { action: 'test', endpoint_id: id })).status).toBe(404);
    expect((await call(b, { action: 'rotate_secret', endpoint_id: id })).status).toBe(404);
    await b.db.from('webhook_endpoints').delete().eq('id', id);
    expect((await a.db.from('webhook_endpoints').select('id')).data).toHaveLength(1);
  });
});

describe('deliveries', () => {
  it('sends a test event signed with the secret, retries a 500, and resends on request with the same event id', async () => {
    const a = await newActor();
    const created = await call(a, { action: 'create', url, events: ['generation.completed'] });
    const secret = String(created.data.secret);
    const endpointId = (created.data.endpoint as { id: string }).id;
    hook.plan.push(500);
    const before = hook.received.length;
    expect((await call(a, { action: 'test', endpoint_id: endpointId })).status).toBe(202);

    const [delivery] = await until(() => deliveriesOf(a), (d) => d[0]?.status === 'succeeded');
    expect(delivery).toMatchObject({ event_type: 'webhook.test', status: 'succeeded', attempts: 2, last_status_code: 200 });
    const got = hook.received.slice(before).filter((r) => r.headers['shotcraft-delivery'] === delivery!.id);
    expect(got).toHaveLength(2);
    for (const r of got) {
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers['shotcraft-event']).toBe('webhook.test');
      expect(verifySignature(secret, r.body, String(r.headers['shotcraft-signature']))).toBe(true);
      expect(verifySignature('whsec_wrong', r.body, String(r.headers['shotcraft-signature']))).toBe(false);
      expect(verifySignature(secret, `${r.body} `, String(r.headers['shotcraft-signature']))).toBe(false);
    }
    expect(JSON.parse(got[0]!.body)).toMatchObject({ type: 'webhook.test', id: delivery!.event_id });

    expect((await call(a, { action: 'resend', delivery_id: delivery!.id })).status).toBe(202);
    const all = await until(() => deliveriesOf(a), (d) => d.length === 2 && d[1]!.status === 'succeeded');
    expect(all[1]).toMatchObject({ event_id: delivery!.event_id, status: 'succeeded', attempts: 1 });
  });

  it('turns job outcomes and a low balance into the events each endpoint asked for', async () => {
    const a = await newActor();
    const created = await call(a, { action: 'create', url, events: ['generation.completed', 'generation.failed', 'credits.low'] });
    await call(a, { action: 'create', url: 'https://example.com/other', events: ['post.published'] });
    expect(created.status).toBe(201);
    const ok = await startJob(a.db, 'lightbox', { title: 'Blue mug' });
    await completeJob(a.id, ok.job_id);
    const bad = await startJob(a.db, 'refine_image', { title: 'Sharpness' });
    await failJob(bad.job_id, 'The image could not be decoded.');
    // the trial's line is 20% of its 5 credits: falling from 4 to 0 crosses it
    await setBalance(ctx.su, a.id, 0);

    const deliveries = await until(() => deliveriesOf(a), (d) => d.length >= 3 && d.every((x) => x.status === 'succeeded'));
    const byType = Object.fromEntries(deliveries.map((d) => [d.event_type, (d.payload as { data: Record<string, unknown> }).data]));
    expect(Object.keys(byType).sort()).toEqual(['credits.low', 'generation.completed', 'generation.failed']);
    expect(byType['generation.completed']).toMatchObject({ job_id: ok.job_id, studio: 'lightbox', title: 'Blue mug', status: 'completed', credits: ok.cost });
    expect(byType['generation.failed']).toMatchObject({ job_id: bad.job_id, studio: 'refine_image', status: 'failed', credits: 0, error: 'The image could not be decoded.' });
    expect(byType['credits.low']).toEqual({ balance: 0, plan: 'trial' });
  });

  it('refuses at send time an endpoint whose address is private, without retrying', async () => {
    const a = await newActor();
    const { data } = await serviceClient()
      .from('webhook_endpoints')
      .insert({ user_id: a.id, url: 'http://10.255.255.1/hook', events: ['generation.completed'], secret: 'whsec_test' })
      .select('id')
      .single();
    expect((await call(a, { action: 'test', endpoint_id: (data as { id: string }).id })).status).toBe(202);
    const [delivery] = await until(() => deliveriesOf(a), (d) => d[0]?.status === 'failed');
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1, last_status_code: null });
    expect(delivery!.last_error).toMatch(/private address/);
  });

  it('a receiver that drips its answer a byte at a time is cut off at the deadline, and holds up no other user\'s webhook', async () => {
    // Answers one byte of a status line a second, forever: an idle timeout would never fire.
    const drip = net.createServer((socket) => {
      const bytes = 'HTTP/1.1 200 OK\r\n'.split('');
      const timer = setInterval(() => (bytes.length ? socket.write(bytes.shift()!) : socket.write('X')), 1000);
      socket.on('close', () => clearInterval(timer));
      socket.on('error', () => clearInterval(timer));
    });
    await new Promise<void>((r) => drip.listen(0, '127.0.0.1', r));
    try {
      const slow = await newActor();
      const fast = await newActor();
      const slowEndpoint = await call(slow, { action: 'create', url: `http://127.0.0.1:${(drip.address() as AddressInfo).port}/hook`, events: ['generation.completed'] });
      const fastEndpoint = await call(fast, { action: 'create', url, events: ['generation.completed'] });
      await call(slow, { action: 'test', endpoint_id: (slowEndpoint.data.endpoint as { id: string }).id });
      await until(() => deliveriesOf(slow), (d) => d[0]?.status === 'delivering');

      await call(fast, { action: 'test', endpoint_id: (fastEndpoint.data.endpoint as { id: string }).id });
      const [delivered] = await until(() => deliveriesOf(fast), (d) => d[0]?.status === 'succeeded');
      expect(delivered?.status).toBe('succeeded');
      // Delivered while the slow receiver's first attempt was still under way, not after it.
      const [meanwhile] = await deliveriesOf(slow);
      expect(meanwhile).toMatchObject({ status: 'delivering', attempts: 1 });

      const [cut] = await until(() => deliveriesOf(slow), (d) => !!d[0]?.last_error);
      expect(cut?.last_error).toBe('The receiver did not answer within 5 s.');
    } finally {
      drip.close();
    }
  });

  it('gives up after the last attempt and says why', async () => {
    const a = await newActor();
    const created = await call(a, { action: 'create', url, events: ['generation.completed'] });
    hook.plan.push(503, 503, 503);
    await call(a, { action: 'test', endpoint_id: (created.data.endpoint as { id: string }).id });
    const [delivery] = await until(() => deliveriesOf(a), (d) => d[0]?.status === 'failed');
    expect(delivery).toMatchObject({ status: 'failed', attempts: 3, last_status_code: 503, last_error: 'The receiver answered 503.' });
  });
});
