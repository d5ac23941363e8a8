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

  it('refuses httpSend without an API key, and to a private topic no INSERT policy opens to the caller', async () => {
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

/**
 * Realtime Authorization: private channels decided by the project's RLS policies on
 * realtime.messages, written as a project writes them (`realtime.topic()` names the channel). All
 * topics here start with a prefix of this run, so the policies touch no other test's channels:
 * - `<P>:room:<uid>`: readable by that user only; sendable (broadcast only) by that user;
 * - `<P>:board`: readable by every signed-in user, sendable by alice only.
 */
describe('realtime private channels (RLS on realtime.messages)', () => {
  const P = `rtp${randomUUID().slice(0, 8)}`;
  const room = (u: TestUser) => `${P}:room:${u.id}`;
  const board = `${P}:board`;
  const BTABLE = `rt_boxes_${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    await db.query(`
      create policy "${P} read" on realtime.messages for select to authenticated
        using (realtime.topic() = '${P}:room:' || auth.uid() or realtime.topic() = '${P}:board');
      create policy "${P} send" on realtime.messages for insert to authenticated
        with check ((realtime.topic() = '${P}:room:' || auth.uid() and extension = 'broadcast')
                    or (realtime.topic() = '${P}:board' and auth.uid() = '${alice.id}'));
      create table public.${BTABLE} (id bigint generated always as identity primary key, owner uuid not null, label text);
      create function public.${BTABLE}_broadcast() returns trigger language plpgsql security definer as $$
      begin
        perform realtime.broadcast_changes('${P}:room:' || coalesce(new.owner, old.owner), tg_op, tg_op, tg_table_name, tg_table_schema, new, old);
        return null;
      end $$;
      create trigger ${BTABLE}_broadcast after insert or update or delete on public.${BTABLE}
        for each row execute function public.${BTABLE}_broadcast();
    `);
  });

  afterAll(async () => {
    await db.query(`drop policy if exists "${P} read" on realtime.messages; drop policy if exists "${P} send" on realtime.messages;
                    drop table if exists public.${BTABLE}; drop function if exists public.${BTABLE}_broadcast()`);
  });

  interface Joined {
    channel: RealtimeChannel;
    got: { event: string; payload: Record<string, unknown> }[];
    system: Record<string, unknown>[];
    statuses: string[];
  }

  /** Joins privately; resolves with SUBSCRIBED, rejects with the server's refusal. */
  async function joinPrivate(client: SupabaseClient, topic: string, config: Record<string, unknown> = {}): Promise<Joined> {
    const got: Joined['got'] = [];
    const system: Joined['system'] = [];
    const statuses: string[] = [];
    const channel = client
      .channel(topic, { config: { ...config, private: true } })
      .on('broadcast', { event: '*' }, (m) => got.push({ event: m.event, payload: m.payload }))
      .on('system', {}, (m: Record<string, unknown>) => system.push(m));
    if (config.presence) channel.on('presence', { event: 'sync' }, () => {});
    await new Promise<void>((resolve, reject) =>
      channel.subscribe((s, err) => {
        statuses.push(s);
        if (s === 'SUBSCRIBED') resolve();
        else if (s === 'CHANNEL_ERROR' || s === 'TIMED_OUT') reject(err ?? new Error(s));
      }),
    );
    return { channel, got, system, statuses };
  }

  const tokenOf = async (c: SupabaseClient) => (await c.auth.getSession()).data.session!.access_token;
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('lets a user join only the topics its SELECT policy shows it, refusing others with the hosted reason', async () => {
    await joinPrivate(aliceClient, room(alice));
    await expect(joinPrivate(bobClient, room(alice))).rejects.toThrow(
      `Unauthorized: You do not have permissions to read from this Channel topic: ${room(alice)}`,
    );
    const anon = anonClient();
    clients.push(anon);
    await expect(joinPrivate(anon, board)).rejects.toThrow('You do not have permissions to read from this Channel topic');
    // The same name as a public channel is another room, open to anyone.
    const pub = anon.channel(room(alice));
    await new Promise<void>((resolve) => pub.subscribe((s) => s === 'SUBSCRIBED' && resolve()));
  });

  it('delivers a broadcast only from members whose INSERT policy allows sending; the rest is dropped unanswered', async () => {
    const a = await joinPrivate(aliceClient, board, { broadcast: { self: true } });
    const b = await joinPrivate(bobClient, board, { broadcast: { ack: true } });
    // Bob may read the board but not write to it: no ack, and nobody receives it.
    expect(await b.channel.send({ type: 'broadcast', event: 'note', payload: { from: 'bob' } }, { timeout: 1000 })).toBe('timed out');
    expect(await a.channel.send({ type: 'broadcast', event: 'note', payload: { from: 'alice' } })).toBe('ok');
    await waitFor(() => a.got.length === 1 && b.got.length === 1);
    await pause(200);
    expect(a.got).toEqual([{ event: 'note', payload: { from: 'alice' } }]);
    expect(b.got).toEqual([{ event: 'note', payload: { from: 'alice' } }]);
  });

  it('checks httpSend to a private topic against the same INSERT policy (202, or 403 Unauthorized)', async () => {
    const a = await joinPrivate(aliceClient, room(alice));
    const sender = await signIn(alice.email, alice.password);
    const intruder = await signIn(bob.email, bob.password);
    clients.push(sender, intruder);
    await sender.realtime.setAuth();
    await intruder.realtime.setAuth();
    expect(await sender.channel(room(alice), { config: { private: true } }).httpSend('ping', { n: 1 })).toEqual({ success: true });
    await waitFor(() => a.got.length === 1);
    expect(a.got[0]).toEqual({ event: 'ping', payload: { n: 1 } });
    await expect(intruder.channel(room(alice), { config: { private: true } }).httpSend('ping', { n: 2 })).rejects.toThrow('Unauthorized');
    // The batch endpoint drops what the caller may not send, and answers 202 all the same.
    const { api_url, anon_key } = inject('devstack');
    const res = await fetch(`${api_url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: anon_key, authorization: `Bearer ${await tokenOf(bobClient)}` },
      body: JSON.stringify({ messages: [{ topic: room(alice), event: 'ping', payload: { n: 3 }, private: true }] }),
    });
    expect(res.status).toBe(202);
    await pause(200);
    expect(a.got).toHaveLength(1);
  });

  it('broadcasts from SQL: realtime.send to private and public channels, with the message id', async () => {
    const priv = await joinPrivate(aliceClient, room(alice));
    const outsider = await signIn(bob.email, bob.password);
    clients.push(outsider);
    const pubGot: unknown[] = [];
    const pub = outsider.channel(`${P}:lobby`).on('broadcast', { event: 'hello' }, (m) => pubGot.push(m));
    await new Promise<void>((resolve) => pub.subscribe((s) => s === 'SUBSCRIBED' && resolve()));
    await db.query(`select realtime.send('{"text": "for alice"}', 'hello', $1, true)`, [room(alice)]);
    await db.query(`select realtime.send('{"text": "for everyone"}', 'hello', $1, false)`, [`${P}:lobby`]);
    await waitFor(() => priv.got.length === 1 && pubGot.length === 1);
    const id = priv.got[0]!.payload.id;
    expect(typeof id).toBe('string');
    expect(priv.got[0]).toEqual({ event: 'hello', payload: { text: 'for alice', id } });
    expect(pubGot[0]).toMatchObject({ type: 'broadcast', event: 'hello', payload: { text: 'for everyone' }, meta: { id: expect.any(String) } });
    // The row is kept in realtime.messages, as on hosted.
    const { rows } = await db.query('select topic, extension, private from realtime.messages where id = $1', [id]);
    expect(rows).toEqual([{ topic: room(alice), extension: 'broadcast', private: true }]);
  });

  it('broadcasts row changes from a trigger with realtime.broadcast_changes', async () => {
    const priv = await joinPrivate(aliceClient, room(alice));
    await db.query(`insert into public.${BTABLE} (owner, label) values ($1, 'first')`, [alice.id]);
    await db.query(`update public.${BTABLE} set label = 'second' where owner = $1`, [alice.id]);
    await waitFor(() => priv.got.length === 2);
    expect(priv.got.map((g) => g.event)).toEqual(['INSERT', 'UPDATE']);
    expect(priv.got[1]!.payload).toMatchObject({
      operation: 'UPDATE',
      table: BTABLE,
      schema: 'public',
      record: { owner: alice.id, label: 'second' },
      old_record: { owner: alice.id, label: 'first' },
    });
  });

  it('refuses a presence track without an INSERT policy for presence', async () => {
    const a = await joinPrivate(aliceClient, board, { presence: { key: 'alice' } });
    const b = await joinPrivate(bobClient, board, { presence: { key: 'bob' } });
    expect(await a.channel.track({ here: true })).toBe('ok');
    expect(await b.channel.track({ here: true })).toBe('error');
    await waitFor(() => Object.keys(b.channel.presenceState()).length === 1);
    expect(Object.keys(b.channel.presenceState())).toEqual(['alice']);
  });

  it('closes a private channel when a new token may no longer read it', async () => {
    const client = await signIn(alice.email, alice.password);
    clients.push(client);
    await client.realtime.setAuth();
    const joined = await joinPrivate(client, room(alice));
    await client.realtime.setAuth(await tokenOf(bobClient));
    await waitFor(() => joined.statuses.includes('CLOSED'));
    expect(joined.system.at(-1)).toMatchObject({
      extension: 'system',
      status: 'error',
      message: `You no longer have permission to read from this Channel topic: ${room(alice)}`,
    });
  });
});
