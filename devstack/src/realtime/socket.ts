/**
 * One websocket connection: decodes Phoenix frames, runs joins, heartbeats, leaves, broadcast and
 * presence pushes, and owns the channels joined over it.
 */
import type { WebSocket } from 'ws';
import type { Claims, DevstackContext } from '../core/types.js';
import { ChannelPolicies, type Extension } from './authorization.js';
import { bindingId, resolveBindings } from './bindings.js';
import { Channel } from './channel.js';
import type { Hub } from './hub.js';
import type { Presence } from './presence.js';
import { decode, encode, encodeUserBroadcast, userBroadcastAsJson, type Message, type UserBroadcast, type Vsn } from './protocol.js';
import { checkToken } from './token.js';

export interface RealtimeEnv {
  ctx: DevstackContext;
  hub: Hub;
  presence: Presence;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});

export class RealtimeSocket {
  private readonly channels = new Map<string, Channel>();
  /** Frames are handled one after another, as a Phoenix socket process does. */
  private chain: Promise<void> = Promise.resolve();

  constructor(
    readonly env: RealtimeEnv,
    private readonly ws: WebSocket,
    private readonly vsn: Vsn,
    /** The connection's apikey: the token a join without access_token runs with. */
    private readonly socketToken: string,
  ) {
    ws.on('message', (data, isBinary) => {
      const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      this.chain = this.chain
        .then(() => this.onFrame(buf, isBinary))
        .catch((err: Error) => env.ctx.log('realtime', `frame handling failed: ${err.stack ?? err.message}`));
    });
    ws.on('close', () => this.closeAll());
    ws.on('error', () => this.closeAll());
  }

  send(msg: Message): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(encode(msg, this.vsn));
  }

  sendUserBroadcast(b: UserBroadcast): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    if (this.vsn === '2.0.0') this.ws.send(encodeUserBroadcast(b), { binary: true });
    else this.send({ joinRef: null, ref: null, topic: b.topic, event: 'broadcast', payload: userBroadcastAsJson(b) });
  }

  dropChannel(ch: Channel): void {
    ch.dispose();
    if (this.channels.get(ch.topic) === ch) this.channels.delete(ch.topic);
  }

  private reply(m: { joinRef: string | null; ref: string | null; topic: string }, status: 'ok' | 'error', response: unknown): void {
    this.send({ joinRef: m.joinRef, ref: m.ref, topic: m.topic, event: 'phx_reply', payload: { status, response } });
  }

  private closeAll(): void {
    for (const ch of this.channels.values()) ch.dispose();
    this.channels.clear();
  }

  private async onFrame(data: Buffer, isBinary: boolean): Promise<void> {
    let inbound;
    try {
      inbound = decode(isBinary ? data : data.toString('utf8'), isBinary, this.vsn);
    } catch (err) {
      this.env.ctx.log('realtime', `ignored undecodable frame: ${(err as Error).message}`);
      return;
    }
    if (inbound.kind === 'user_broadcast') {
      const ch = this.channels.get(inbound.broadcast.topic);
      if (!ch) return this.reply({ joinRef: inbound.joinRef, ref: inbound.ref, topic: inbound.broadcast.topic }, 'error', { reason: 'unmatched topic' });
      // A private channel's sender needs an INSERT policy; without it the message is dropped unanswered.
      if (!(await this.mayWrite(ch, 'broadcast'))) return;
      this.fanOut(ch, (m) => m.pushUserBroadcast(inbound.broadcast));
      if (ch.ackBroadcast && inbound.ref) this.reply({ joinRef: inbound.joinRef, ref: inbound.ref, topic: ch.topic }, 'ok', {});
      return;
    }
    const m = inbound.message;
    if (m.topic === 'phoenix' && m.event === 'heartbeat') return this.reply(m, 'ok', {});
    if (m.event === 'phx_join') return this.join(m);
    const ch = this.channels.get(m.topic);
    if (!ch) return this.reply(m, 'error', { reason: 'unmatched topic' });
    switch (m.event) {
      case 'phx_leave':
        this.reply(m, 'ok', {});
        this.send({ joinRef: ch.joinRef, ref: ch.joinRef, topic: ch.topic, event: 'phx_close', payload: {} });
        return this.dropChannel(ch);
      case 'access_token':
        return ch.refreshToken(obj(m.payload).access_token);
      case 'broadcast': {
        if (!(await this.mayWrite(ch, 'broadcast'))) return;
        const payload = obj(m.payload);
        this.fanOut(ch, (member) => member.push('broadcast', payload));
        if (ch.ackBroadcast) this.reply(m, 'ok', {});
        return;
      }
      case 'presence':
        return await this.presence(ch, m);
      default:
        // The server ignores unknown client events (no reply), so does the devstack.
        return;
    }
  }

  private fanOut(from: Channel, send: (member: Channel) => void): void {
    for (const member of this.env.hub.members(from.topic, from.isPrivate)) {
      if (member === from && !from.selfBroadcast) continue;
      send(member as Channel);
    }
  }

  /** Public channels take anything; a private one asks its INSERT policy for the extension (once). */
  private async mayWrite(ch: Channel, extension: Extension): Promise<boolean> {
    if (!ch.policies) return true;
    try {
      return await ch.policies.canWrite(extension);
    } catch (err) {
      this.env.ctx.log('realtime', `authorising ${extension} on ${ch.topic} failed: ${(err as Error).message}`);
      return false;
    }
  }

  private async presence(ch: Channel, m: Message): Promise<void> {
    const p = obj(m.payload);
    if (p.event === 'track') {
      if (!(await this.mayWrite(ch, 'presence'))) return this.reply(m, 'error', {});
      if (p.payload !== undefined && (typeof p.payload !== 'object' || p.payload === null || Array.isArray(p.payload))) {
        return this.reply(m, 'error', { reason: 'Presence track payload must be a map' });
      }
      if (!ch.presenceEnabled) {
        ch.presenceEnabled = true;
        if (ch.canReadPresence) ch.pushOwn('presence_state', this.env.presence.state(ch));
      }
      this.env.presence.track(ch, ch.presenceKey, obj(p.payload));
    } else if (p.event === 'untrack') {
      this.env.presence.untrack(ch);
    }
    this.reply(m, 'ok', {});
  }

  private async join(m: Message): Promise<void> {
    if (!m.topic.startsWith('realtime:')) return this.reply(m, 'error', { reason: 'unmatched topic' });
    if (m.topic === 'realtime:') return this.reply(m, 'error', { reason: 'TopicNameRequired: You must provide a topic name' });
    const existing = this.channels.get(m.topic);
    if (existing) {
      // Phoenix closes the previous join of the same topic before joining anew.
      this.send({ joinRef: existing.joinRef, ref: existing.joinRef, topic: existing.topic, event: 'phx_close', payload: {} });
      this.dropChannel(existing);
    }
    const payload = obj(m.payload);
    const config = obj(payload.config);
    let token = payload.access_token ?? payload.user_token ?? this.socketToken;
    if (typeof token === 'string' && token.startsWith('sb_')) token = this.socketToken;
    const auth = await checkToken(this.env.ctx.jwt, token);
    if (!auth.ok) return this.reply(m, 'error', { reason: `${auth.code}: ${auth.message}` });
    const isPrivate = config.private === true;
    const subTopic = m.topic.slice('realtime:'.length);
    let policies: ChannelPolicies | null = null;
    if (isPrivate) {
      // Realtime Authorization: a private channel is joined only by a token whose SELECT policies
      // on realtime.messages let it read broadcast or presence of this topic.
      const refused = `Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic}`;
      try {
        policies = await ChannelPolicies.load(this.env.ctx.db.admin, subTopic, auth.claims);
      } catch (err) {
        this.env.ctx.log('realtime', `authorising ${m.topic} failed: ${(err as Error).message}`);
        return this.reply(m, 'error', { reason: refused });
      }
      if (!policies.read.broadcast && !policies.read.presence) return this.reply(m, 'error', { reason: refused });
    }
    const pgParams = Array.isArray(config.postgres_changes) ? config.postgres_changes.filter((p) => p && typeof p === 'object') as Obj[] : [];
    const resolved = await resolveBindings(this.env.ctx.db.admin, pgParams);
    const broadcast = obj(config.broadcast);
    const presence = obj(config.presence);
    const ch = new Channel(this, {
      topic: m.topic,
      joinRef: m.joinRef ?? m.ref,
      isPrivate,
      token: String(token),
      claims: auth.claims as Claims,
      bindings: resolved.ok ? resolved.bindings : [],
      selfBroadcast: broadcast.self === true,
      ackBroadcast: broadcast.ack === true,
      presenceEnabled: presence.enabled === true,
      presenceKey: typeof presence.key === 'string' ? presence.key : '',
      policies,
    });
    this.channels.set(m.topic, ch);
    this.env.hub.add(ch);
    // Bindings are live before the reply, so SUBSCRIBED means changes are flowing.
    this.reply(m, 'ok', { postgres_changes: pgParams.map((p) => ({ ...p, id: bindingId(p) })) });
    if (pgParams.length > 0) {
      if (resolved.ok) ch.system('postgres_changes', 'ok', 'Subscribed to PostgreSQL');
      else ch.system('postgres_changes', 'error', resolved.error);
    }
    if (ch.presenceEnabled && ch.canReadPresence) ch.pushOwn('presence_state', this.env.presence.state(ch));
  }
}
