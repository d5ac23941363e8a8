import { randomUUID } from 'node:crypto';
import type { RealtimeChannel, RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { anonClient, createUser, pgClient, serviceClient, signIn, type TestUser } from '../helpers/clients.js';

/**
 * Realtime postgres_changes, broadcast and presence through the real supabase-js client. The
 * fixture table is made as a migration would make it: RLS policies per operation, then
 * `alter publication supabase_realtime add table …` (while the devstack is running).
 */
const TABLE = `rt_notes_${randomUUID().slice(0, 8)}`;

interface Note {
  id: number;
  user_id: string;
  body: string;
  meta: Record<string, unknown>;
  created_at: string;
}
type Change = RealtimePostgresChangesPayload<Note>;
type Event = '*' | 'INSERT' | 'UPDATE' | 'DELETE';

let db: pg.Client;
let alice: TestUser;
let bob: TestUser;
let aliceClient: SupabaseClient;
let bobClient: SupabaseClient;
const clients: SupabaseClient[] = [];

async function waitFor<T>(probe: () => T | undefined | false, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() > until) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Subscribes and resolves once the server confirmed the subscription (SUBSCRIBED). */
async function listen(client: SupabaseClient, opts: { event?: Event; filter?: string; table?: string } = {}) {
  const events: Change[] = [];
  const system: Record<string, unknown>[] = [];
  const statuses: string[] = [];
  const channel = client
    .channel(`rt-${randomUUID()}`)
    .on('postgres_changes', { event: opts.event ?? '*', schema: 'public', table: opts.table ?? TABLE, filter: opts.filter }, (p: Change) =>
      events.push(p),
    )
    .on('system', {}, (p: Record<string, unknown>) => system.push(p));
  await new Promise<void>((resolve, reject) =>
    channel.subscribe((status, err) => {
      statuses.push(status);
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status));
    }),
  );
  return { channel, events, system, statuses };
}

async function insertAs(client: SupabaseClient, row: Partial<Note>): Promise<Note> {
  const { data, error } = await client.from(TABLE).insert(row).select().single();
  if (error) throw new Error(error.message);
  return data as Note;
}

const rowsOf = (events: Change[]) => events.map((e) => (e.eventType === 'DELETE' ? e.old : e.new) as Partial<Note>);

beforeAll(async () => {
  db = await pgClient();
  await db.query(`
    create table public.${TABLE} (
      id bigint generated always as identity primary key,
      user_id uuid not null,
      body text not null,
      meta jsonb not null default '{}',
      created_at timestamptz not null default now()
    );
    alter table public.${TABLE} enable row level security;
    grant select, insert, update, delete on public.${TABLE} to authenticated;
    create policy "select own" on public.${TABLE} for select to authenticated using ((select auth.uid()) = user_id);
    create policy "insert own" on public.${TABLE} for insert to authenticated with check ((select auth.uid()) = user_id);
    create policy "update own" on public.${TABLE} for update to authenticated using ((select auth.uid()) = user_id);
    create policy "delete own" on public.${TABLE} for delete to authenticated using ((select auth.uid()) = user_id);
    alter publication supabase_realtime add table public.${TABLE};
  `);
  [alice, bob] = await Promise.all([createUser(), createUser()]);
  [aliceClient, bobClient] = await Promise.all([signIn(alice.email, alice.password), signIn(bob.email, bob.password)]);
  clients.push(aliceClient, bobClient);
});

afterEach(async () => {
  await Promise.all(clients.map((c) => c.removeAllChannels()));
});

afterAll(async () => {
  await db?.query(`drop table if exists public.${TABLE}`);
  await db?.end();
});

describe('realtime postgres_changes', () => {
  it('confirms the subscription with a system message', async () => {
    const { system } = await listen(aliceClient);
    await waitFor(() => system.length > 0);
    expect(system[0]).toMatchObject({ extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL' });
  });

  it('delivers a subscriber its own INSERT within 1 s, typed as realtime-js parses it', async () => {
    const { events } = await listen(aliceClient);
    const started = performance.now();
    const row = await insertAs(aliceClient, { user_id: alice.id, body: 'first', meta: { tags: ['a'] } });
    const event = await waitFor(() => events.find((e) => e.eventType === 'INSERT'), 1000);
    console.info(`realtime INSERT latency: ${Math.round(performance.now() - started)} ms (insert round trip included)`);

    expect(event).toMatchObject({ schema: 'public', table: TABLE, eventType: 'INSERT', errors: null, old: {} });
    expect(event.new).toEqual(row);
    expect(typeof event.new.id).toBe('number');
    expect(event.new.meta).toEqual({ tags: ['a'] });
    expect(new Date(event.commit_timestamp).getTime()).not.toBeNaN();
  });

  it('delivers UPDATE with the new row and the primary key as old record', async () => {
    const row = await insertAs(aliceClient, { user_id: alice.id, body: 'before' });
    const { events } = await listen(aliceClient, { event: 'UPDATE' });
    const { error } = await aliceClient.from(TABLE).update({ body: 'after' }).eq('id', row.id);
    expect(error).toBeNull();
    const event = await waitFor(() => events[0]);
    expect(event.eventType).toBe('UPDATE');
    expect(event.new).toMatchObject({ id: row.id, body: 'after', user_id: alice.id });
    expect(event.old).toEqual({ id: row.id });
  });

  it('delivers DELETE with only the primary key (RLS cannot vet a deleted row)', async () => {
    const row = await insertAs(aliceClient, { user_id: alice.id, body: 'to delete' });
    const { events } = await listen(aliceClient, { event: 'DELETE' });
    const { error } = await aliceClient.from(TABLE).delete().eq('id', row.id);
    expect(error).toBeNull();
    const event = await waitFor(() => events[0]);
    expect(event).toMatchObject({ eventType: 'DELETE', new: {}, old: { id: row.id } });
  });

  it('honours event and filter (user_id=eq.<uuid>, in.(…))', async () => {
    const service = serviceClient();
    clients.push(service);
    const onlyAlice = await listen(service, { filter: `user_id=eq.${alice.id}` });
    const onlyInserts = await listen(service, { event: 'INSERT', filter: `body=in.(x1,x3)` });
    const a = await insertAs(aliceClient, { user_id: alice.id, body: 'x1' });
    const b = await insertAs(bobClient, { user_id: bob.id, body: 'x2' });
    const b2 = await insertAs(bobClient, { user_id: bob.id, body: 'x3' });
    await bobClient.from(TABLE).update({ body: 'x3!' }).eq('id', b2.id);

    await waitFor(() => onlyInserts.events.length >= 2);
    await waitFor(() => onlyAlice.events.length >= 1);
    expect(rowsOf(onlyAlice.events).map((r) => r.id)).toEqual([a.id]);
    expect(onlyInserts.events.map((e) => [e.eventType, e.new])).toEqual([
      ['INSERT', expect.objectContaining({ id: a.id })],
      ['INSERT', expect.objectContaining({ id: b2.id })],
    ]);
    expect(rowsOf(onlyInserts.events).map((r) => r.id)).not.toContain(b.id);
  });

  it("never shows a user another user's rows, without a filter and to anon", async () => {
    const bobs = await listen(bobClient);
    const anon = anonClient();
    clients.push(anon);
    const anons = await listen(anon);
    const row = await insertAs(aliceClient, { user_id: alice.id, body: 'private to alice' });
    await aliceClient.from(TABLE).update({ body: 'still private' }).eq('id', row.id);
    // Changes are delivered in commit order: once Bob sees his own later row, Alice's are past.
    const sentinel = await insertAs(bobClient, { user_id: bob.id, body: 'bob' });
    await waitFor(() => bobs.events.find((e) => e.eventType === 'INSERT' && e.new.id === sentinel.id));

    expect(bobs.events.map((e) => e.new)).toEqual([expect.objectContaining({ id: sentinel.id, user_id: bob.id })]);
    expect(anons.events).toEqual([]);
    expect(JSON.stringify(bobs.events)).not.toContain('private');
  });

  it('stops delivery after removeChannel', async () => {
    const first = await listen(aliceClient);
    const second = await listen(aliceClient);
    await insertAs(aliceClient, { user_id: alice.id, body: 'one' });
    await waitFor(() => first.events.length === 1 && second.events.length === 1);
    expect(await aliceClient.removeChannel(first.channel)).toBe('ok');
    await insertAs(aliceClient, { user_id: alice.id, body: 'two' });
    await waitFor(() => second.events.length === 2);
    expect(first.events).toHaveLength(1);
  });

  it('refuses a forged access token at join', async () => {
    const client = anonClient();
    clients.push(client);
    // Alice's real token with a tampered signature.
    const token = (await aliceClient.auth.getSession()).data.session!.access_token;
    const forged = `${token.slice(0, -4)}${token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    await client.realtime.setAuth(forged);
    await expect(listen(client)).rejects.toThrow(/JwtSignatureError: Failed to validate JWT signature/);
  });

  it('closes the channel when a refreshed access token is invalid', async () => {
    const client = await signIn(alice.email, alice.password);
    clients.push(client);
    const sub = await listen(client);
    await client.realtime.setAuth('not-a-jwt');
    await waitFor(() => sub.statuses.includes('CLOSED'));
    expect(sub.system.at(-1)).toMatchObject({ extension: 'system', status: 'error', message: 'The token provided is not a valid JWT' });
    await insertAs(aliceClient, { user_id: alice.id, body: 'after close' });
    const witness = await listen(aliceClient);
    await insertAs(aliceClient, { user_id: alice.id, body: 'witness' });
    await waitFor(() => witness.events.length === 1);
    expect(sub.events).toEqual([]);
  });

  it('reports a table outside the publication in a system error', async () => {
    const { system } = await listen(aliceClient, { table: 'no_such_table_in_publication' });
    const msg = await waitFor(() => system[0]);
    expect(msg).toMatchObject({ extension: 'postgres_changes', status: 'error' });
    expect(String(msg.message)).toContain('Unable to subscribe to changes with given parameters');
  });
});

describe('realtime broadcast and presence', () => {
  async function join(client: SupabaseClient, name: string, config: Record<string, unknown>, setup: (c: RealtimeChannel) => RealtimeChannel) {
    const channel = setup(client.channel(name, { config }));
    await new Promise<void>((resolve, reject) =>
      channel.subscribe((s, err) => (s === 'SUBSCRIBED' ? resolve() : s === 'CHANNEL_ERROR' ? reject(err) : undefined)),
    );
    return channel;
  }

  it('broadcasts to the other members of the topic (self only when asked, ack on request)', async () => {
    const topic = `room-${randomUUID()}`;
    const got: { who: string; payload: unknown }[] = [];
    const a = await join(aliceClient, topic, { broadcast: { ack: true } }, (c) =>
      c.on('broadcast', { event: 'msg' }, (m) => got.push({ who: 'alice', payload: m.payload })),
    );
    await join(bobClient, topic, { broadcast: { self: true } }, (c) =>
      c.on('broadcast', { event: 'msg' }, (m) => got.push({ who: 'bob', payload: m.payload })),
    );
    expect(await a.send({ type: 'broadcast', event: 'msg', payload: { text: 'hi' } })).toBe('ok');
    await waitFor(() => got.length === 1);
    expect(got).toEqual([{ who: 'bob', payload: { text: 'hi' } }]);
  });

  it('delivers httpSend (POST /api/broadcast/:topic/events/:event) to the members, 202 without a socket', async () => {
    const topic = `http-${randomUUID()}`;
    const got: unknown[] = [];
    await join(bobClient, topic, {}, (c) => c.on('broadcast', { event: 'note' }, (m) => got.push(m.payload)));
    const sender = anonClient();
    clients.push(sender);
    const result = await sender.channel(topic).httpSend('note', { text: 'over http' });
    expect(result).toEqual({ success: true });
    await waitFor(() => got.length === 1);
    expect(got).toEqual([{ text: 'over http' }]);
  });

  it('refuses httpSend without an API key, and to a private topic for a user the devstack cannot authorise', async () => {
    const { api_url, anon_key } = inject('devstack');
    const topic = `http-${randomUUID()}`;
    const bare = await fetch(`${api_url}/realtime/v1/api/broadcast/${topic}/events/note`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(bare.status).toBe(401);
    const priv = await fetch(`${api_url}/realtime/v1/api/broadcast/${topic}/events/note?private=true`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: anon_key, authorization: `Bearer ${anon_key}` },
      body: '{}',
    });
    expect(priv.status).toBe(403);
  });

  it('syncs presence between members', async () => {
    const topic = `presence-${randomUUID()}`;
    const a = await join(aliceClient, topic, { presence: { key: 'alice' } }, (c) => c.on('presence', { event: 'sync' }, () => {}));
    const b = await join(bobClient, topic, { presence: { key: 'bob' } }, (c) => c.on('presence', { event: 'sync' }, () => {}));
    expect(await a.track({ online_at: 1 })).toBe('ok');
    expect(await b.track({ online_at: 2 })).toBe('ok');
    await waitFor(() => Object.keys(a.presenceState()).length === 2 && Object.keys(b.presenceState()).length === 2);
    expect(a.presenceState().bob?.[0]).toMatchObject({ online_at: 2 });
  });
});
