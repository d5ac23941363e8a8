/**
 * The change feed: LISTEN on a dedicated connection, queue notifications, and deliver them in
 * commit order to every binding whose event, table and filter match and whose token's RLS lets
 * it see the row. Work is batched: table metadata once per batch, one RLS query per
 * (table, token) per batch, so a burst of writes does not stall delivery.
 */
import type pg from 'pg';
import type { DevstackContext } from '../core/types.js';
import { readTableMeta, type TableMeta } from './catalog.js';
import { buildData, filterRecord, parseNotification, type Change } from './change.js';
import { matchesFilters } from './filter.js';
import { bindingMatches, type ChangeBinding, type Hub, type Subscriber } from './hub.js';
import { readRow, visibleRows } from './visibility.js';

const CHANNEL = 'devstack_realtime';
/** realtime.messages rows to broadcast (realtime.send, broadcast_changes), see schema.sql. */
const MESSAGES_CHANNEL = 'devstack_realtime_broadcast';
const MAX_BATCH = 500;

interface Candidate {
  change: number;
  meta: TableMeta;
  sub: Subscriber;
  binding: ChangeBinding;
}

export class ChangeFeed {
  private client: pg.Client | null = null;
  private queue: string[] = [];
  private draining = false;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly ctx: DevstackContext,
    private readonly hub: Hub,
    /** Receives each database broadcast notification (the same connection listens for both). */
    private readonly onMessage: (payload: string) => void = () => undefined,
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    const client = await this.ctx.db.connect();
    client.on('notification', (n) => {
      if (n.channel === MESSAGES_CHANNEL && n.payload !== undefined) return this.onMessage(n.payload);
      if (n.channel !== CHANNEL || n.payload === undefined) return;
      // Nobody listening for changes: skip the work (and the memory) entirely.
      if (!this.hub.hasChangeSubscribers()) return;
      this.queue.push(n.payload);
      void this.drain();
    });
    client.on('error', (err) => this.reconnect(err));
    client.on('end', () => this.reconnect(new Error('connection ended')));
    this.client = client;
    await client.query(`listen ${CHANNEL}; listen ${MESSAGES_CHANNEL}`);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const c = this.client;
    this.client = null;
    await c?.end().catch(() => {});
  }

  private reconnect(err: Error): void {
    if (this.stopped || this.retry) return;
    this.ctx.log('realtime', `change feed connection lost (${err.message}); reconnecting`);
    const old = this.client;
    this.client = null;
    old?.removeAllListeners();
    old?.end().catch(() => {});
    this.retry = setTimeout(() => {
      this.retry = null;
      this.start().catch((e: Error) => this.reconnect(e));
    }, 1000);
  }

  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_BATCH);
        await this.deliver(batch).catch((err: Error) => this.ctx.log('realtime', `change delivery failed: ${err.stack ?? err.message}`));
      }
    } finally {
      this.draining = false;
    }
  }

  private async deliver(payloads: string[]): Promise<void> {
    const now = new Date();
    const changes = payloads.map((p) => parseNotification(p, now)).filter((c): c is Change => c !== null);
    const metas = new Map<string, TableMeta | null>();
    const subs = [...this.hub.subscribers()].filter((s) => s.bindings.length > 0);

    const candidates: Candidate[] = [];
    for (let i = 0; i < changes.length; i++) {
      const change = changes[i]!;
      const matching = subs.flatMap((sub) =>
        sub.bindings.filter((b) => bindingMatches(b, change.schema, change.table, change.op)).map((binding) => ({ sub, binding })),
      );
      if (matching.length === 0) continue;
      const key = `${change.schema}.${change.table}`;
      if (!metas.has(key)) metas.set(key, await readTableMeta(this.ctx.db.admin, change.schema, change.table));
      const meta = metas.get(key);
      if (!meta) continue;
      if (change.newCut) change.newRow = await readRow(this.ctx.db.admin, meta, change.pk);
      const types = new Map(meta.columns.map((c) => [c.name, c.type]));
      const record = filterRecord(change, meta);
      for (const m of matching) {
        if (matchesFilters(m.binding.filters, record, types)) candidates.push({ change: i, meta, ...m });
      }
    }
    const allowed = await this.checkRls(changes, candidates);
    this.send(changes, candidates.filter((c) => !needsRlsCheck(changes[c.change]!, c.meta, c.sub) || allowed.has(rlsKey(c))));
  }

  /** Runs one RLS query per (table, token) and returns the rlsKey()s that passed. */
  private async checkRls(changes: Change[], candidates: Candidate[]): Promise<Set<string>> {
    const groups = new Map<string, { meta: TableMeta; sub: Subscriber; changes: Set<number> }>();
    for (const c of candidates) {
      if (!needsRlsCheck(changes[c.change]!, c.meta, c.sub)) continue;
      const key = `${c.meta.qualified}\u0000${c.sub.claimsKey}`;
      let g = groups.get(key);
      if (!g) groups.set(key, (g = { meta: c.meta, sub: c.sub, changes: new Set() }));
      g.changes.add(c.change);
    }
    const allowed = new Set<string>();
    await Promise.all(
      [...groups.entries()].map(async ([key, g]) => {
        const idx = [...g.changes];
        try {
          const ok = await visibleRows(this.ctx.db, g.sub.claims, g.meta, idx.map((i) => changes[i]!.pk));
          for (const n of ok) allowed.add(`${key}\u0000${idx[n]}`);
        } catch (err) {
          // A failing policy hides the row, it never leaks it.
          this.ctx.log('realtime', `RLS check on ${g.meta.qualified} failed: ${(err as Error).message}`);
        }
      }),
    );
    return allowed;
  }

  private send(changes: Change[], delivered: Candidate[]): void {
    // One message per change and channel (per distinct `select`), listing every matching binding id.
    const messages = new Map<string, { c: Candidate; ids: number[] }>();
    const subIds = new Map<Subscriber, number>();
    for (const c of delivered) {
      if (!subIds.has(c.sub)) subIds.set(c.sub, subIds.size);
      const key = `${c.change}\u0000${subIds.get(c.sub)}\u0000${c.binding.select?.join(',') ?? ''}`;
      const m = messages.get(key);
      if (!m) messages.set(key, { c, ids: [c.binding.id] });
      else if (!m.ids.includes(c.binding.id)) m.ids.push(c.binding.id);
    }
    for (const { c, ids } of messages.values()) {
      const data = buildData(changes[c.change]!, c.meta, String(c.sub.claims.role), c.binding.select);
      c.sub.push('postgres_changes', { ids, data });
    }
  }
}

const rlsKey = (c: Candidate) => `${c.meta.qualified}\u0000${c.sub.claimsKey}\u0000${c.change}`;

/** DELETEs cannot be checked (the row is gone) and service_role bypasses RLS, as on hosted. */
function needsRlsCheck(change: Change, meta: TableMeta, sub: Subscriber): boolean {
  return meta.rls && change.op !== 'DELETE' && sub.claims.role !== 'service_role';
}
