/**
 * One joined `realtime:<name>` channel of a socket: its token (re-checked on `access_token` and
 * at expiry), its postgres_changes bindings, broadcast and presence settings.
 */
import { randomUUID } from 'node:crypto';
import type { Claims } from '../core/types.js';
import type { ChannelPolicies } from './authorization.js';
import type { ChangeBinding, Subscriber } from './hub.js';
import type { UserBroadcast } from './protocol.js';
import type { RealtimeSocket } from './socket.js';
import { checkToken } from './token.js';

export interface ChannelOptions {
  topic: string;
  joinRef: string | null;
  isPrivate: boolean;
  token: string;
  claims: Claims;
  bindings: ChangeBinding[];
  selfBroadcast: boolean;
  ackBroadcast: boolean;
  presenceEnabled: boolean;
  presenceKey: string;
  /** A private channel's answers from realtime.messages policies (null on a public channel). */
  policies: ChannelPolicies | null;
}

export class Channel implements Subscriber {
  readonly topic: string;
  readonly joinRef: string | null;
  readonly isPrivate: boolean;
  readonly selfBroadcast: boolean;
  readonly ackBroadcast: boolean;
  readonly presenceKey: string;
  readonly policies: ChannelPolicies | null;
  bindings: ChangeBinding[];
  presenceEnabled: boolean;
  claims: Claims;
  claimsKey: string;
  private token: string;
  private expiry: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly socket: RealtimeSocket,
    o: ChannelOptions,
  ) {
    this.topic = o.topic;
    this.joinRef = o.joinRef;
    this.isPrivate = o.isPrivate;
    this.selfBroadcast = o.selfBroadcast;
    this.ackBroadcast = o.ackBroadcast;
    this.presenceKey = o.presenceKey || randomUUID();
    this.bindings = o.bindings;
    this.presenceEnabled = o.presenceEnabled;
    this.policies = o.policies;
    this.token = o.token;
    this.claims = o.claims;
    this.claimsKey = JSON.stringify(o.claims);
    this.armExpiry();
  }

  get subTopic(): string {
    return this.topic.replace(/^realtime:/, '');
  }

  /** May this member receive broadcasts (always on a public channel)? */
  get canReadBroadcast(): boolean {
    return this.policies === null || this.policies.read.broadcast;
  }

  /** May this member receive presence (always on a public channel)? */
  get canReadPresence(): boolean {
    return this.policies === null || this.policies.read.presence;
  }

  /**
   * Fan-out message (join_ref null, as the server's fastlane sends them). On a private channel a
   * member whose policies do not let it read broadcast (or presence) is skipped, as on hosted.
   */
  push(event: string, payload: unknown): void {
    if (this.closed) return;
    if (event === 'broadcast' && !this.canReadBroadcast) return;
    if (event === 'presence_diff' && !this.canReadPresence) return;
    this.socket.send({ joinRef: null, ref: null, topic: this.topic, event, payload });
  }

  /** A message from this channel's own process (carries its join_ref). */
  pushOwn(event: string, payload: unknown): void {
    if (!this.closed) this.socket.send({ joinRef: this.joinRef, ref: null, topic: this.topic, event, payload });
  }

  pushUserBroadcast(b: UserBroadcast): void {
    if (!this.closed && this.canReadBroadcast) this.socket.sendUserBroadcast(b);
  }

  system(extension: string, status: 'ok' | 'error', message: string): void {
    this.pushOwn('system', { extension, status, message, channel: this.subTopic });
  }

  /** `access_token` push: a new token replaces the old one only if it verifies. */
  async refreshToken(token: unknown): Promise<void> {
    if (typeof token !== 'string' || token.startsWith('sb_') || token === this.token) return;
    const r = await checkToken(this.socket.env.ctx.jwt, token);
    if (!r.ok) return this.shutdown(r.message);
    if (this.policies) {
      // The new token's policies replace the old ones; losing a read the old token had ends the channel.
      const before = { ...this.policies.read };
      let after;
      try {
        after = await this.policies.refresh(r.claims);
      } catch (err) {
        this.socket.env.ctx.log('realtime', `authorising ${this.topic} failed: ${(err as Error).message}`);
        return this.shutdown('Realtime was unable to connect to the project database');
      }
      if ((before.broadcast && !after.broadcast) || (before.presence && !after.presence)) {
        return this.shutdown(`You no longer have permission to read from this Channel topic: ${this.subTopic}`);
      }
    }
    this.token = token;
    this.claims = r.claims;
    this.claimsKey = JSON.stringify(r.claims);
    this.armExpiry();
  }

  /** Server-side stop: a system error, then phx_close (the client reports CLOSED). */
  shutdown(message: string): void {
    if (this.closed) return;
    this.system('system', 'error', message);
    this.socket.send({ joinRef: this.joinRef, ref: this.joinRef, topic: this.topic, event: 'phx_close', payload: {} });
    this.socket.dropChannel(this);
  }

  /** Stops delivery; idempotent. */
  dispose(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.expiry) clearTimeout(this.expiry);
    this.socket.env.hub.remove(this);
    this.socket.env.presence.untrack(this);
  }

  private armExpiry(): void {
    if (this.expiry) clearTimeout(this.expiry);
    this.expiry = null;
    const exp = typeof this.claims.exp === 'number' ? this.claims.exp * 1000 : null;
    if (exp === null) return;
    const ms = exp - Date.now();
    if (ms > 2 ** 31 - 1) return;
    this.expiry = setTimeout(() => {
      const ago = Math.max(0, Math.floor((Date.now() - exp) / 1000));
      this.shutdown(`Token has expired ${ago} seconds ago`);
    }, Math.max(0, ms) + 50);
    this.expiry.unref();
  }
}
