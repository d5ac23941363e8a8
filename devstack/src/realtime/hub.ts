/**
 * Every joined channel of every socket, indexed by topic (broadcast, presence) and scanned for
 * postgres_changes bindings. A channel is in the hub from its join until leave, close or error.
 */
import type { Claims } from '../core/types.js';
import type { Filter } from './filter.js';
import type { UserBroadcast } from './protocol.js';

export interface ChangeBinding {
  /** The id echoed in the join reply; realtime-js routes `ids` back to its callbacks by it. */
  id: number;
  event: '*' | 'INSERT' | 'UPDATE' | 'DELETE';
  schema: string;
  table: string;
  filters: Filter[];
  select: string[] | null;
}

export interface Subscriber {
  readonly topic: string;
  readonly isPrivate: boolean;
  readonly claims: Claims;
  /** Identical claims share one RLS check. */
  readonly claimsKey: string;
  readonly bindings: readonly ChangeBinding[];
  /** Receives presence_diff (presence enabled at join or by a track). */
  readonly presenceEnabled: boolean;
  /** A fan-out message (no ref), e.g. postgres_changes, broadcast, presence_diff. */
  push(event: string, payload: unknown): void;
  pushUserBroadcast(b: UserBroadcast): void;
}

export class Hub {
  private readonly topics = new Map<string, Set<Subscriber>>();

  add(s: Subscriber): void {
    const key = this.key(s.topic, s.isPrivate);
    let set = this.topics.get(key);
    if (!set) this.topics.set(key, (set = new Set()));
    set.add(s);
  }

  remove(s: Subscriber): void {
    const key = this.key(s.topic, s.isPrivate);
    const set = this.topics.get(key);
    set?.delete(s);
    if (set && set.size === 0) this.topics.delete(key);
  }

  /** Public and private channels of the same name are different rooms, as on hosted. */
  members(topic: string, isPrivate: boolean): Subscriber[] {
    return [...(this.topics.get(this.key(topic, isPrivate)) ?? [])];
  }

  *subscribers(): Iterable<Subscriber> {
    for (const set of this.topics.values()) yield* set;
  }

  hasChangeSubscribers(): boolean {
    for (const s of this.subscribers()) if (s.bindings.length > 0) return true;
    return false;
  }

  private key(topic: string, isPrivate: boolean): string {
    return `${isPrivate ? 'private' : 'public'}:${topic}`;
  }
}

export function bindingMatches(b: ChangeBinding, schema: string, table: string, op: string): boolean {
  return (
    (b.event === '*' || b.event === op) &&
    (b.schema === '*' || b.schema === schema) &&
    (b.table === '*' || b.table === table)
  );
}
