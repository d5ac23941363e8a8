import { describe, expect, it } from 'vitest';
import { decode, encode, encodeUserBroadcast, parseVsn, userBroadcastAsJson } from './protocol.js';

/** What realtime-js's serializer sends for `channel.send({type:'broadcast', event, payload})`. */
function userBroadcastPush(joinRef: string, ref: string, topic: string, event: string, payload: unknown): Buffer {
  const parts = [joinRef, ref, topic, event, ''].map((s) => Buffer.from(s));
  const head = Buffer.from([3, ...parts.map((p) => p.length), 1]);
  return Buffer.concat([head, ...parts, Buffer.from(JSON.stringify(payload))]);
}

describe('phoenix protocol', () => {
  it('reads vsn 2.0.0 arrays and 1.0.0 objects', () => {
    expect(decode('["1","2","realtime:x","phx_join",{"a":1}]', false, '2.0.0')).toEqual({
      kind: 'message',
      message: { joinRef: '1', ref: '2', topic: 'realtime:x', event: 'phx_join', payload: { a: 1 } },
    });
    expect(decode('{"topic":"phoenix","event":"heartbeat","payload":{},"ref":"5"}', false, '1.0.0')).toEqual({
      kind: 'message',
      message: { joinRef: null, ref: '5', topic: 'phoenix', event: 'heartbeat', payload: {} },
    });
    expect(() => decode('{"topic":1}', false, '2.0.0')).toThrow();
  });

  it('writes replies in the socket version', () => {
    const msg = { joinRef: '1', ref: '1', topic: 't', event: 'phx_reply', payload: { status: 'ok', response: {} } };
    expect(JSON.parse(encode(msg, '2.0.0'))).toEqual(['1', '1', 't', 'phx_reply', { status: 'ok', response: {} }]);
    expect(JSON.parse(encode(msg, '1.0.0'))).toMatchObject({ join_ref: '1', ref: '1', topic: 't', event: 'phx_reply' });
  });

  it('turns a binary user broadcast push into a kind 4 user broadcast', () => {
    const inbound = decode(userBroadcastPush('3', '4', 'realtime:room', 'msg', { text: 'hi' }), true, '2.0.0');
    expect(inbound.kind).toBe('user_broadcast');
    if (inbound.kind !== 'user_broadcast') return;
    expect(inbound).toMatchObject({ joinRef: '3', ref: '4', broadcast: { topic: 'realtime:room', userEvent: 'msg', encoding: 1 } });
    const out = encodeUserBroadcast(inbound.broadcast);
    expect([...out.subarray(0, 5)]).toEqual([4, 'realtime:room'.length, 3, 0, 1]);
    expect(JSON.parse(out.subarray(5 + 'realtime:room'.length + 3).toString())).toEqual({ text: 'hi' });
    expect(userBroadcastAsJson(inbound.broadcast)).toEqual({ type: 'broadcast', event: 'msg', payload: { text: 'hi' } });
  });

  it('accepts the versions realtime-js offers', () => {
    expect(parseVsn('2.0.0')).toBe('2.0.0');
    expect(parseVsn(null)).toBe('1.0.0');
    expect(parseVsn('3.0.0')).toBeNull();
  });
});
