/**
 * One row change as the notify trigger reports it, and the `data` object realtime-js expects in a
 * postgres_changes message — shaped like supabase/realtime's apply_rls output: `columns` and
 * record values limited to what the role may select (and the subscription's `select` list), an
 * UPDATE's old record holding the replica identity (primary key unless REPLICA IDENTITY FULL), a
 * DELETE's old record cut to the primary key when RLS is on (RLS cannot vet a deleted row).
 */
import type { TableMeta } from './catalog.js';

export type Op = 'INSERT' | 'UPDATE' | 'DELETE';
export type Row = Record<string, unknown>;

export interface Change {
  schema: string;
  table: string;
  op: Op;
  /** Primary key of the row after the change (before it, for DELETE). */
  pk: Row;
  /** Primary key before the change. */
  oldPk: Row;
  /** Full new row; null for DELETE or when it did not fit in the notification (see newCut). */
  newRow: Row | null;
  oldRow: Row | null;
  newCut: boolean;
  oldCut: boolean;
  commitTimestamp: string;
}

export function parseNotification(payload: string, receivedAt = new Date()): Change | null {
  let m: Record<string, unknown>;
  try {
    m = JSON.parse(payload);
  } catch {
    return null;
  }
  const op = m.op;
  if (op !== 'INSERT' && op !== 'UPDATE' && op !== 'DELETE') return null;
  return {
    schema: String(m.s),
    table: String(m.t),
    op,
    pk: (m.pk as Row) ?? {},
    oldPk: (m.opk as Row) ?? {},
    newRow: (m.new as Row | null) ?? null,
    oldRow: (m.old as Row | null) ?? null,
    newCut: m.new_cut === true,
    oldCut: m.old_cut === true,
    // NOTIFY is delivered at commit, so receipt time is the closest local stand-in for the
    // commit timestamp hosted Realtime reads from the WAL (same ISO-8601 Zulu format, ms).
    commitTimestamp: receivedAt.toISOString(),
  };
}

/** The replica identity of the old row: all columns with REPLICA IDENTITY FULL, else the key. */
export function oldIdentity(change: Change, meta: TableMeta): Row {
  if (meta.replicaFull && change.oldRow) return change.oldRow;
  return change.oldPk;
}

/** The record filters are evaluated against (hosted: new columns, or the old identity for DELETE). */
export function filterRecord(change: Change, meta: TableMeta): Row | null {
  return change.op === 'DELETE' ? oldIdentity(change, meta) : change.newRow;
}

function pick(row: Row | null, keep: (col: string) => boolean): Row {
  const out: Row = {};
  if (!row) return out;
  for (const [k, v] of Object.entries(row)) if (keep(k)) out[k] = v;
  return out;
}

export function buildData(change: Change, meta: TableMeta, role: string, select: string[] | null): Row {
  const selectable = meta.selectable.get(role) ?? new Set<string>();
  const include = (col: string) => selectable.has(col) && (!select || select.includes(col) || meta.pk.includes(col));
  const base: Row = {
    schema: change.schema,
    table: change.table,
    commit_timestamp: change.commitTimestamp,
    type: change.op,
    columns: meta.columns.filter((c) => include(c.name)).map((c) => ({ name: c.name, type: c.type })),
    errors: null,
  };
  if (change.op !== 'DELETE' && meta.pk.length === 0) {
    return { schema: change.schema, table: change.table, type: change.op, errors: ['Error 400: Bad Request, no primary key'] };
  }
  if (change.op !== 'DELETE' && !meta.pk.every((c) => selectable.has(c))) {
    return { schema: change.schema, table: change.table, type: change.op, errors: ['Error 401: Unauthorized'] };
  }
  if (change.op === 'INSERT' || change.op === 'UPDATE') base.record = pick(change.newRow, include);
  if (change.op === 'UPDATE') base.old_record = pick(oldIdentity(change, meta), include);
  if (change.op === 'DELETE') {
    base.old_record = pick(oldIdentity(change, meta), (c) => include(c) && (!meta.rls || meta.pk.includes(c)));
  }
  return base;
}
