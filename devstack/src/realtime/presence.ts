/**
 * Minimal Phoenix Presence: one tracked meta per channel, `presence_state` on join and
 * `presence_diff` ({joins, leaves}) to every member of the topic — including the tracker, as
 * Phoenix does — on track, untrack and disconnect.
 */
import { randomBytes } from 'node:crypto';
import type { Hub, Subscriber } from './hub.js';

type Meta = Record<string, unknown> & { phx_ref: string };
type Entries = Record<string, { metas: Meta[] }>;

export class Presence {
  /** topic room → channel → its tracked key and meta. */
  private readonly rooms = new Map<string, Map<Subscriber, { key: string; meta: Meta }>>();

  constructor(private readonly hub: Hub) {}

  state(sub: Subscriber): Entries {
    const out: Entries = {};
    for (const { key, meta } of this.room(sub).values()) (out[key] ??= { metas: [] }).metas.push(meta);
    return out;
  }

  track(sub: Subscriber, key: string, payload: Record<string, unknown>): void {
    const room = this.room(sub);
    const prev = room.get(sub);
    const meta: Meta = { ...payload, phx_ref: randomBytes(8).toString('base64url') };
    if (prev) meta.phx_ref_prev = prev.meta.phx_ref;
    room.set(sub, { key, meta });
    this.diff(sub, { [key]: { metas: [meta] } }, prev ? { [prev.key]: { metas: [prev.meta] } } : {});
  }

  untrack(sub: Subscriber): void {
    const room = this.room(sub);
    const prev = room.get(sub);
    if (!prev) return;
    room.delete(sub);
    if (room.size === 0) this.rooms.delete(roomKey(sub));
    this.diff(sub, {}, { [prev.key]: { metas: [prev.meta] } });
  }

  private diff(sub: Subscriber, joins: Entries, leaves: Entries): void {
    for (const member of this.hub.members(sub.topic, sub.isPrivate)) {
      if (member.presenceEnabled) member.push('presence_diff', { joins, leaves });
    }
  }

  private room(sub: Subscriber): Map<Subscriber, { key: string; meta: Meta }> {
    const k = roomKey(sub);
    let room = this.rooms.get(k);
    if (!room) this.rooms.set(k, (room = new Map()));
    return room;
  }
}

const roomKey = (s: Subscriber) => `${s.isPrivate ? 'private' : 'public'}:${s.topic}`;
