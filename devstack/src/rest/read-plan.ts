/**
 * Turns parsed query parameters into a tree of read nodes: the root resource and its embedded
 * resources (relationship resolved), each with its own filters, logic, order and range.
 */
import type { Catalog, Table } from './catalog.js';
import { pgrstError } from './errors.js';
import type { Filter, LogicTree } from './parse-filter.js';
import type { OrderTerm } from './parse-order.js';
import type { SelectEmbed, SelectField, SelectItem } from './parse-select.js';
import type { QueryParams } from './query-params.js';
import { resolveRelationship, type Relationship } from './relationships.js';
import { UnknownColumnError } from './sql.js';

export interface ReadNode {
  table: Table;
  fields: SelectField[];
  embeds: EmbedNode[];
  filters: Filter[];
  logic: LogicTree[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
  /** Root filters `rel=is.null` / `rel=not.is.null` on an embedded resource. */
  nullEmbeds: { embed: EmbedNode; isNull: boolean }[];
}

export interface EmbedNode extends ReadNode {
  /** Key in the parent's JSON (alias or relation name). */
  label: string;
  rel: Relationship;
  inner: boolean;
  spread: boolean;
  toOne: boolean;
  /** `rel()`: joined (so `!inner` still filters) but left out of the output. */
  empty: boolean;
}

export function planRead(cat: Catalog, root: Table, q: QueryParams, rootPath: string[] = []): ReadNode {
  const node = buildNode(cat, root, q.select);
  const byPath = new Map<string, ReadNode>([['', node]]);
  const index = (n: ReadNode, prefix: string) => {
    for (const e of n.embeds) {
      const key = prefix ? `${prefix}.${e.label}` : e.label;
      byPath.set(key, e);
      index(e, key);
    }
  };
  index(node, '');
  const find = (path: string[]): ReadNode => {
    const key = [...rootPath, ...path].join('.');
    const n = byPath.get(key);
    if (!n) {
      const name = path.at(-1) ?? key;
      throw pgrstError(400, 'PGRST108', `'${name}' is not an embedded resource in this request`, null,
        `Verify that '${name}' is included in the 'select' query parameter.`);
    }
    return n;
  };

  for (const { path, filter } of q.filters) {
    const target = find(path);
    const embed = target.embeds.find((e) => e.label === filter.field.name);
    if (embed && !target.table.columns.has(filter.field.name)) {
      if (filter.operation.op !== 'is' || (filter.operation.value !== 'null' && filter.operation.value !== 'not_null')) {
        throw pgrstError(400, 'PGRST120', `Bad operator on the '${embed.label}' embedded resource`, 'Only is null or not is null filters are allowed on embedded resources');
      }
      const isNull = (filter.operation.value === 'null') !== filter.negate;
      target.nullEmbeds.push({ embed, isNull });
      continue;
    }
    target.filters.push(filter);
  }
  for (const { path, tree } of q.logic) find(path).logic.push(tree);
  for (const { path, terms } of q.order) find(path).order.push(...terms);
  for (const [key, n] of q.limits) find(key ? key.split('.') : []).limit = n;
  for (const [key, n] of q.offsets) find(key ? key.split('.') : []).offset = n;
  return node;
}

function buildNode(cat: Catalog, table: Table, select: SelectItem[], depth = 0): ReadNode {
  const node: ReadNode = { table, fields: [], embeds: [], filters: [], logic: [], order: [], nullEmbeds: [] };
  for (const item of select) {
    if (item.kind === 'field' && item.aggregate && !cat.settings?.aggregatesEnabled) {
      // PostgREST refuses aggregates (count() too) unless the authenticator role has
      // pgrst.db_aggregates_enabled, off on hosted Supabase by default. A bare `rel(count)` is no
      // aggregate there but Postgres' count(rel) through attribute notation, so it stays allowed.
      throw pgrstError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
    }
    if (item.kind === 'field') {
      // `rel(count)`: a bare `count` that is not a column means the row count (PostgREST compat).
      if (item.field.name === 'count' && !item.field.json.length && !table.columns.has('count') && !item.aggregate) {
        node.fields.push({ ...item, field: { name: '*', json: [] }, aggregate: 'count' });
      } else {
        node.fields.push(item);
      }
      continue;
    }
    const embed = buildEmbed(cat, table, item, depth + 1);
    if (!embed.spread && node.embeds.some((e) => !e.spread && e.label === embed.label)) {
      // PostgREST names each embed's join after its parent and label, so Postgres refuses the twin.
      throw pgrstError(400, '42712', `table name "${table.name}_${embed.label}_${depth + 1}" specified more than once`);
    }
    node.embeds.push(embed);
  }
  return node;
}

function buildEmbed(cat: Catalog, parent: Table, item: SelectEmbed, depth: number): EmbedNode {
  const rel = resolveRelationship(cat, parent.name, item.name, item.hint);
  const target = cat.tables.get(rel.target);
  if (!target) throw new UnknownColumnError(parent.name, item.name);
  const toOne = rel.toOne;
  const empty = !item.children.length && !item.spread;
  const children = item.children.length || empty ? item.children : [{ kind: 'field', field: { name: '*', json: [] } } as SelectField];
  return {
    ...buildNode(cat, target, children, depth),
    empty,
    label: item.alias ?? item.name,
    rel,
    inner: item.inner,
    spread: item.spread,
    toOne,
  };
}
