/**
 * Broadcasts sent from SQL (`realtime.send`, `realtime.broadcast_changes`): each committed
 * realtime.messages row arrives as a notification (schema.sql) and goes to the members of its
 * topic as `{type: 'broadcast', event, payload, meta: {id}}`, public or private room as the row
 * says. The sender was authorised by its INSERT into realtime.messages; a private channel's
 * members still need their read policy (Channel.push checks it).
 */
import type pg from 'pg';
import type { Hub } from './hub.js';

export interface DbMessage {
  id: string;
  topic: string;
  event: string;
  private: boolean;
  payload: unknown;
}

type Notified = Partial<DbMessage> & { cut?: boolean; inserted_at?: string };

/** The message a notification describes; null when it is not one (or no longer exists). */
export async function resolveMessage(admin: pg.Pool, raw: string): Promise<DbMessage | null> {
  let n: Notified;
  try {
    n = JSON.parse(raw) as Notified;
  } catch {
    return null;
  }
  if (n.cut && typeof n.id === 'string') {
    // Too large for NOTIFY: read the committed row back.
    const { rows } = await admin.query<DbMessage>(
      'select id::text, topic, event, private, payload from realtime.messages where id = $1 and inserted_at = $2::timestamp',
      [n.id, n.inserted_at],
    );
    return rows[0] ?? null;
  }
  if (typeof n.id !== 'string' || typeof n.topic !== 'string' || typeof n.event !== 'string' || typeof n.private !== 'boolean') return null;
  return { id: n.id, topic: n.topic, event: n.event, private: n.private, payload: n.payload };
}

export function deliverMessage(hub: Hub, m: DbMessage): void {
  const payload = { type: 'broadcast', event: m.event, payload: m.payload, meta: { id: m.id } };
  for (const member of hub.members(`realtime:${m.topic}`, m.private)) member.push('broadcast', payload);
}

/** Handles notifications one after another, so messages keep their commit order. */
export function messageListener(admin: pg.Pool, hub: Hub, log: (m: string) => void): (raw: string) => void {
  let chain = Promise.resolve();
  return (raw) => {
    chain = chain
      .then(async () => {
        const m = await resolveMessage(admin, raw);
        if (m) deliverMessage(hub, m);
      })
      .catch((err: Error) => log(`database broadcast not delivered: ${err.message}`));
  };
}
