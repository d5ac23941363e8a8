/**
 * The `config.postgres_changes` entries of a join, turned into bindings the way supabase/realtime
 * parses them, checked against the `supabase_realtime` publication, and echoed back with ids.
 */
import type pg from 'pg';
import { publicationTables, syncTriggers } from './catalog.js';
import { parseFilter, type Filter } from './filter.js';
import type { ChangeBinding } from './hub.js';

export type BindingsResult = { ok: true; bindings: ChangeBinding[] } | { ok: false; error: string };

/** A stable 27-bit id per parameter set, like the server's :erlang.phash2(params). */
export function bindingId(params: unknown): number {
  const s = JSON.stringify(params);
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % 2 ** 27;
}

function actionFilter(event: unknown): ChangeBinding['event'] {
  const e = typeof event === 'string' ? event.toUpperCase() : '*';
  return e === 'INSERT' || e === 'UPDATE' || e === 'DELETE' ? e : '*';
}

function describe(p: Record<string, unknown>, filters: Filter[]): string {
  const fs = filters.map((f) => `{${JSON.stringify(f.column)}, ${JSON.stringify(f.op)}, ${JSON.stringify(f.value)}, ${f.negate}}`);
  const sel = Array.isArray(p.select) ? JSON.stringify(p.select) : 'nil';
  return `[event: ${actionFilter(p.event)}, schema: ${p.schema ?? 'public'}, table: ${p.table ?? '*'}, filters: [${fs.join(', ')}], select: ${sel}]`;
}

/** Parses one entry; errors carry the server's wording. */
export function parseBinding(p: Record<string, unknown>): { ok: true; binding: ChangeBinding } | { ok: false; error: string } {
  let select: string[] | null = null;
  if (typeof p.select === 'string') {
    return { ok: false, error: 'Error parsing `select` params: expected a list of column name strings, e.g. select: ["col1", "col2"]' };
  }
  if (Array.isArray(p.select)) {
    const cols = p.select.filter((c): c is string => typeof c === 'string');
    select = cols.length > 0 ? cols : null;
  }
  const hasSchema = typeof p.schema === 'string';
  const hasTable = typeof p.table === 'string';
  if (!hasSchema && !hasTable) {
    return { ok: false, error: `No subscription params provided. Please provide at least a \`schema\` or \`table\` to subscribe to: ${JSON.stringify(p)}` };
  }
  if (p.filter !== undefined && p.filter !== null && !(hasSchema && hasTable && typeof p.filter === 'string')) {
    return { ok: false, error: `No subscription params provided. Please provide at least a \`schema\` or \`table\` to subscribe to: ${JSON.stringify(p)}` };
  }
  const parsed = parseFilter(typeof p.filter === 'string' ? p.filter : '');
  if (!parsed.ok) return { ok: false, error: parsed.error };
  const schema = hasSchema ? String(p.schema) : 'public';
  const table = hasTable ? String(p.table) : '*';
  if (select && (schema === '*' || table === '*')) {
    return { ok: false, error: 'Column selection is not supported for wildcard subscriptions. Provide an explicit schema and table name.' };
  }
  return { ok: true, binding: { id: bindingId(p), event: actionFilter(p.event), schema, table, filters: parsed.filters, select } };
}

/** All-or-nothing, like the server's subscription transaction. */
export async function resolveBindings(admin: pg.Pool, params: Record<string, unknown>[]): Promise<BindingsResult> {
  const bindings: ChangeBinding[] = [];
  if (params.length > 0) await syncTriggers(admin);
  for (const p of params) {
    const r = parseBinding(p);
    if (!r.ok) return r;
    const tables = await publicationTables(admin, r.binding.schema, r.binding.table);
    if (tables.length === 0) {
      return {
        ok: false,
        error: `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ${describe(p, r.binding.filters)}`,
      };
    }
    bindings.push(r.binding);
  }
  return { ok: true, bindings };
}
