/**
 * Phoenix wire format as realtime-js speaks it.
 * - vsn 1.0.0: JSON objects `{join_ref, ref, topic, event, payload}`.
 * - vsn 2.0.0 (realtime-js default): JSON arrays `[join_ref, ref, topic, event, payload]`, plus
 *   binary frames for user broadcasts: the client pushes kind 3 ("user broadcast push"), the
 *   server fans out kind 4 ("user broadcast"), exactly as supabase/realtime's V2 serializer does.
 */
export type Vsn = '1.0.0' | '2.0.0';

export interface Message {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

/** A broadcast whose user payload travels as raw bytes (JSON text or opaque binary). */
export interface UserBroadcast {
  topic: string;
  userEvent: string;
  /** 1 = JSON text, 0 = binary. */
  encoding: 0 | 1;
  metadata: string;
  data: Buffer;
}

export type Inbound =
  | { kind: 'message'; message: Message }
  | { kind: 'user_broadcast'; joinRef: string | null; ref: string | null; broadcast: UserBroadcast };

const KIND_USER_BROADCAST_PUSH = 3;
const KIND_USER_BROADCAST = 4;

export function parseVsn(value: string | null): Vsn | null {
  if (value === null || value === '' || value === '1.0.0') return '1.0.0';
  if (value === '2.0.0') return '2.0.0';
  return null;
}

const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** Throws on anything that is not a well-formed frame; the socket answers that by closing. */
export function decode(data: Buffer | string, isBinary: boolean, vsn: Vsn): Inbound {
  if (isBinary) return decodeBinary(Buffer.isBuffer(data) ? data : Buffer.from(data));
  const parsed: unknown = JSON.parse(data.toString());
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) throw new Error('expected a 5-element array');
    const [joinRef, ref, topic, event, payload] = parsed as unknown[];
    if (typeof topic !== 'string' || typeof event !== 'string') throw new Error('topic and event must be strings');
    return { kind: 'message', message: { joinRef: str(joinRef), ref: str(ref), topic, event, payload } };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('expected an object');
  const o = parsed as Record<string, unknown>;
  if (typeof o.topic !== 'string' || typeof o.event !== 'string') throw new Error('topic and event must be strings');
  return {
    kind: 'message',
    message: { joinRef: str(o.join_ref), ref: str(o.ref), topic: o.topic, event: o.event, payload: o.payload },
  };
}

function decodeBinary(buf: Buffer): Inbound {
  if (buf.length < 7 || buf[0] !== KIND_USER_BROADCAST_PUSH) throw new Error('unsupported binary frame');
  const sizes = [buf[1]!, buf[2]!, buf[3]!, buf[4]!, buf[5]!];
  const encoding = buf[6] === 1 ? 1 : 0;
  let offset = 7;
  const take = (n: number): string => {
    if (offset + n > buf.length) throw new Error('truncated binary frame');
    const s = buf.subarray(offset, offset + n).toString('utf8');
    offset += n;
    return s;
  };
  const joinRef = take(sizes[0]!);
  const ref = take(sizes[1]!);
  const topic = take(sizes[2]!);
  const userEvent = take(sizes[3]!);
  const metadata = take(sizes[4]!);
  return {
    kind: 'user_broadcast',
    joinRef: joinRef || null,
    ref: ref || null,
    broadcast: { topic, userEvent, encoding, metadata, data: Buffer.from(buf.subarray(offset)) },
  };
}

export function encode(msg: Message, vsn: Vsn): string {
  if (vsn === '2.0.0') return JSON.stringify([msg.joinRef, msg.ref, msg.topic, msg.event, msg.payload]);
  return JSON.stringify({ join_ref: msg.joinRef, ref: msg.ref, topic: msg.topic, event: msg.event, payload: msg.payload });
}

/** Kind 4 frame: what realtime-js decodes into `{type:'broadcast', event, payload[, meta]}`. */
export function encodeUserBroadcast(b: UserBroadcast): Buffer {
  const topic = Buffer.from(b.topic);
  const event = Buffer.from(b.userEvent);
  const meta = Buffer.from(b.metadata);
  if (topic.length > 255 || event.length > 255 || meta.length > 255) throw new Error('broadcast header field too long');
  const head = Buffer.from([KIND_USER_BROADCAST, topic.length, event.length, meta.length, b.encoding]);
  return Buffer.concat([head, topic, event, meta, b.data]);
}

/** The JSON shape of a user broadcast, for vsn 1.0.0 sockets or HTTP-sent broadcasts. */
export function userBroadcastAsJson(b: UserBroadcast): Record<string, unknown> {
  const payload: Record<string, unknown> = {
    type: 'broadcast',
    event: b.userEvent,
    payload: b.encoding === 1 ? JSON.parse(b.data.toString('utf8') || 'null') : [...b.data],
  };
  if (b.metadata) payload.meta = JSON.parse(b.metadata);
  return payload;
}
