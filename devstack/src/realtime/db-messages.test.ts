import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { deliverMessage, resolveMessage } from './db-messages.js';
import { Hub, type Subscriber } from './hub.js';

const noDb = { query: () => Promise.reject(new Error('no database in this test')) } as unknown as pg.Pool;

function member(topic: string, isPrivate: boolean) {
  const got: { event: string; payload: unknown }[] = [];
  const sub: Subscriber = {
    topic,
    isPrivate,
    claims: { role: 'authenticated' },
    claimsKey: '',
    bindings: [],
    presenceEnabled: false,
    push: (event, payload) => got.push({ event, payload }),
    pushUserBroadcast: () => undefined,
  };
  return { sub, got };
}

describe('database broadcasts (realtime.send)', () => {
  it('reads a notification carrying the whole message', async () => {
    const raw = JSON.stringify({ id: 'a1', topic: 'room:1', event: 'hello', private: true, payload: { n: 1 } });
    expect(await resolveMessage(noDb, raw)).toEqual({ id: 'a1', topic: 'room:1', event: 'hello', private: true, payload: { n: 1 } });
  });

  it('ignores notifications that are not a message', async () => {
    expect(await resolveMessage(noDb, 'not json')).toBeNull();
    expect(await resolveMessage(noDb, JSON.stringify({ id: 'a1', topic: 'room:1' }))).toBeNull();
  });

  it('reads an oversized message back by id and insert time', async () => {
    const calls: unknown[][] = [];
    const db = {
      query: (_sql: string, params: unknown[]) => {
        calls.push(params);
        return Promise.resolve({ rows: [{ id: 'big', topic: 't', event: 'e', private: false, payload: { long: 'x' } }] });
      },
    } as unknown as pg.Pool;
    const m = await resolveMessage(db, JSON.stringify({ id: 'big', inserted_at: '2026-11-25T10:00:00.123456', cut: true }));
    expect(m?.payload).toEqual({ long: 'x' });
    expect(calls).toEqual([['big', '2026-11-25T10:00:00.123456']]);
  });

  it('goes to the room the message names (private and public rooms of a name are apart), with meta.id', () => {
    const hub = new Hub();
    const priv = member('realtime:room:1', true);
    const pub = member('realtime:room:1', false);
    hub.add(priv.sub);
    hub.add(pub.sub);
    deliverMessage(hub, { id: 'm1', topic: 'room:1', event: 'hello', private: true, payload: { n: 1 } });
    expect(priv.got).toEqual([{ event: 'broadcast', payload: { type: 'broadcast', event: 'hello', payload: { n: 1 }, meta: { id: 'm1' } } }]);
    expect(pub.got).toEqual([]);
  });
});
