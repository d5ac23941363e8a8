/**
 * The schema cache: tables, views, columns, keys, relationships and functions of schema `public`,
 * loaded from pg_catalog in one query and rebuilt on `NOTIFY pgrst, 'reload schema'` or when a
 * request names something the cache does not know (tests create tables on the fly).
 */
import type pg from 'pg';
import { CATALOG_SQL } from './catalog-sql.js';

export interface Column {
  name: string;
  type: string;
  notNull: boolean;
  default: string | null;
  generated: boolean;
}

export interface Table {
  /** The exposed schema the relation lives in. */
  schema: string;
  oid: number;
  name: string;
  kind: string;
  columns: Map<string, Column>;
  pk: string[];
  uniques: string[][];
  /**
   * Functions taking one row of this relation (`f(t)`): computed fields when they return a scalar,
   * computed relationships when they return rows of a relation. Keyed by function name.
   */
  computed: Map<string, FunctionDef>;
}

export interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
}

export interface FunctionArg {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface FunctionDef {
  schema: string;
  oid: number;
  name: string;
  args: FunctionArg[];
  retset: boolean;
  volatility: 'i' | 's' | 'v';
  returnsVoid: boolean;
  /** Scalar return type (`integer`, `text`, `json`…); undefined for composite returns. */
  scalarType?: string;
  /** Columns of a composite / `returns table(...)` / `setof <table>` result. */
  columns?: Column[];
  /** Set when the function returns rows of a public table: embeds work from its results. */
  table?: string;
  /** `ROWS n` of a set-returning function (`ROWS 1` makes a computed relationship to-one). */
  rows: number;
  /**
   * Callable over /rpc as PostgREST's schema cache admits it: every argument named, or a single
   * unnamed argument of type json, jsonb, text, xml or bytea (sent the whole body).
   */
  callable: boolean;
}

/** PostgREST settings read from the authenticator role (`pgrst.db_*`), as PostgREST does. */
export interface RestSettings {
  aggregatesEnabled: boolean;
  planEnabled: boolean;
  /** `commit` (default), `commit-allow-override`, `rollback`, `rollback-allow-override`. */
  txEnd: string;
  maxRows?: number;
  /** `pgrst.db_schemas`: the schemas Accept-Profile / Content-Profile may name, the first is the default. */
  schemas: string[];
}

/**
 * `raw`: the role's pgrst.* settings, which take precedence (as PostgREST's in-database config
 * does) over `schemas`, the project's config.toml [api] schemas.
 */
export function restSettings(raw: Record<string, string>, configSchemas: string[] = ['public']): RestSettings {
  const maxRows = Number(raw.db_max_rows);
  const schemas = (raw.db_schemas ?? '').split(',').map((x) => x.trim().replace(/^"(.*)"$/, '$1')).filter(Boolean);
  return {
    schemas: schemas.length ? schemas : configSchemas.length ? configSchemas : ['public'],
    aggregatesEnabled: raw.db_aggregates_enabled === 'true',
    planEnabled: raw.db_plan_enabled === 'true',
    txEnd: raw.db_tx_end ?? 'commit',
    maxRows: Number.isInteger(maxRows) && maxRows > 0 ? maxRows : undefined,
  };
}

export interface Catalog {
  schema: string;
  settings?: RestSettings;
  tables: Map<string, Table>;
  foreignKeys: ForeignKey[];
  functions: Map<string, FunctionDef[]>;
}

interface RawCatalog {
  settings?: Record<string, string>;
  relations: { oid: number; name: string; kind: string }[];
  columns: ({ rel: number } & Column)[];
  constraints: { name: string; type: 'p' | 'u' | 'f'; rel: number; refRel: number; cols: string[]; refCols: string[] | null }[];
  viewUsage: { view: number; rel: number; col: string }[];
  functions: {
    oid: number; rows: number; argrel: number | null;
    name: string; retset: boolean; volatility: 'i' | 's' | 'v'; nargs: number; nargdefaults: number;
    argnames: string[] | null; argmodes: string[] | null; argtypes: string[]; rettype: string;
    typtype: string; typrelid: number; returnsVoid: boolean;
  }[];
}

export async function loadCatalog(pool: pg.Pool, schema = 'public', configSchemas?: string[]): Promise<Catalog> {
  // A schema that does not exist (yet) has an empty catalog rather than failing the request.
  const ns = await pool.query<{ oid: number }>('select oid from pg_namespace where nspname = $1', [schema]);
  let raw: RawCatalog = { relations: [], columns: [], constraints: [], viewUsage: [], functions: [] };
  if (ns.rows.length) {
    const { rows } = await pool.query<{ catalog: string }>(CATALOG_SQL, [ns.rows[0].oid]);
    raw = JSON.parse(rows[0].catalog) as RawCatalog;
  } else {
    const { rows } = await pool.query<{ catalog: string }>(CATALOG_SQL, [0]);
    raw.settings = (JSON.parse(rows[0].catalog) as RawCatalog).settings;
  }
  return buildCatalog(schema, raw, configSchemas);
}

function buildCatalog(schema: string, raw: RawCatalog, configSchemas?: string[]): Catalog {
  const byOid = new Map<number, Table>();
  const colsByOid = new Map<number, Column[]>();
  for (const c of raw.columns) {
    const list = colsByOid.get(c.rel) ?? [];
    list.push({ name: c.name, type: c.type, notNull: c.notNull, default: c.default, generated: c.generated });
    colsByOid.set(c.rel, list);
  }
  const tables = new Map<string, Table>();
  for (const r of raw.relations) {
    const columns = new Map((colsByOid.get(r.oid) ?? []).map((c) => [c.name, c]));
    const t: Table = { schema, oid: r.oid, name: r.name, kind: r.kind, columns, pk: [], uniques: [], computed: new Map() };
    tables.set(r.name, t);
    byOid.set(r.oid, t);
  }
  const foreignKeys: ForeignKey[] = [];
  for (const k of raw.constraints) {
    const t = byOid.get(k.rel);
    if (!t) continue;
    if (k.type === 'p') t.pk = k.cols;
    if (k.type !== 'f') t.uniques.push(k.cols);
    const ref = byOid.get(k.refRel);
    if (k.type === 'f' && ref && k.refCols) {
      foreignKeys.push({ name: k.name, table: t.name, columns: k.cols, refTable: ref.name, refColumns: k.refCols });
    }
  }
  foreignKeys.push(...viewForeignKeys(raw, byOid, foreignKeys));

  const functions = new Map<string, FunctionDef[]>();
  for (const f of raw.functions) {
    const def = buildFunction(schema, f, byOid, colsByOid);
    if (!def) continue;
    const rowOf = f.argrel ? byOid.get(f.argrel) : undefined;
    if (rowOf) rowOf.computed.set(f.name, def);
    if (!def.callable) continue;
    const list = functions.get(f.name) ?? [];
    list.push(def);
    functions.set(f.name, list);
  }
  return { schema, settings: restSettings(raw.settings ?? {}, configSchemas), tables, foreignKeys, functions };
}

/**
 * A view over exactly one base table exposes that table's foreign keys when it exposes all of
 * their columns under the same names (the common `create view v as select … from t` case).
 */
function viewForeignKeys(raw: RawCatalog, byOid: Map<number, Table>, fks: ForeignKey[]): ForeignKey[] {
  const baseOf = new Map<number, Set<number>>();
  const usedCols = new Map<number, Set<string>>();
  for (const u of raw.viewUsage) {
    (baseOf.get(u.view) ?? baseOf.set(u.view, new Set()).get(u.view)!).add(u.rel);
    (usedCols.get(u.view) ?? usedCols.set(u.view, new Set()).get(u.view)!).add(u.col);
  }
  const out: ForeignKey[] = [];
  for (const [viewOid, bases] of baseOf) {
    const view = byOid.get(viewOid);
    const base = bases.size === 1 ? byOid.get([...bases][0]) : undefined;
    if (!view || !base) continue;
    const exposes = (cols: string[]) => cols.every((c) => view.columns.has(c) && usedCols.get(viewOid)!.has(c));
    for (const fk of fks) {
      if (fk.table === base.name && exposes(fk.columns)) out.push({ ...fk, table: view.name });
      if (fk.refTable === base.name && exposes(fk.refColumns)) out.push({ ...fk, refTable: view.name });
    }
  }
  return out;
}

/** Types a single unnamed argument may have and still be called (with the whole request body). */
const UNNAMED_OK = new Set(['json', 'jsonb', 'text', 'xml', 'bytea']);

function buildFunction(
  schema: string,
  f: RawCatalog['functions'][number],
  byOid: Map<number, Table>,
  colsByOid: Map<number, Column[]>,
): FunctionDef | undefined {
  const modes = f.argmodes ?? f.argtypes.map(() => 'i');
  const args: FunctionArg[] = [];
  const outCols: Column[] = [];
  let inIndex = 0;
  modes.forEach((mode, i) => {
    const name = f.argnames?.[i] ?? '';
    const type = f.argtypes[i];
    if (mode === 'i' || mode === 'b' || mode === 'v') {
      args.push({ name, type, hasDefault: inIndex >= f.nargs - f.nargdefaults });
      inIndex++;
    }
    if (mode === 'o' || mode === 'b' || mode === 't') {
      outCols.push({ name, type, notNull: false, default: null, generated: false });
    }
  });
  const unnamed = args.filter((a) => a.name === '');
  const callable = unnamed.length === 0 ||
    (unnamed.length === 1 && args.length === 1 && UNNAMED_OK.has(args[0].type));
  const def: FunctionDef = {
    schema, oid: f.oid, name: f.name, args, retset: f.retset, volatility: f.volatility, returnsVoid: f.returnsVoid,
    rows: f.rows, callable,
  };
  if (f.typtype === 'c' && f.typrelid) {
    def.columns = colsByOid.get(f.typrelid) ?? [];
    def.table = byOid.get(f.typrelid)?.name;
  } else if (f.rettype === 'record') {
    if (!outCols.length) return undefined; // setof record without a column list cannot be called over HTTP
    def.columns = outCols;
  } else {
    def.scalarType = f.rettype;
  }
  return def;
}

/** The cache (one catalog per schema asked for) plus its reload policy. */
export class SchemaCache {
  private readonly current = new Map<string, Promise<Catalog>>();
  private readonly lastLoad = new Map<string, number>();

  /** `configSchemas`: config.toml [api] schemas, used unless the role sets pgrst.db_schemas. */
  constructor(private readonly pool: pg.Pool, private readonly configSchemas?: string[]) {}

  get(schema = 'public'): Promise<Catalog> {
    let c = this.current.get(schema);
    if (!c) {
      c = this.load(schema);
      this.current.set(schema, c);
    }
    return c;
  }

  /** Reloads every schema loaded so far (NOTIFY pgrst). */
  reload(): Promise<Catalog> {
    const schemas = new Set(['public', ...this.current.keys()]);
    for (const s of schemas) this.current.set(s, this.load(s));
    return this.current.get('public')!;
  }

  /**
   * Reload because a request that began at `since` named something unknown. A load that started
   * after `since` already sees everything that existed when the request arrived, so it is reused.
   */
  refresh(since: number, schema = 'public'): Promise<Catalog> {
    const c = this.current.get(schema);
    if (c && (this.lastLoad.get(schema) ?? 0) >= since) return c;
    const next = this.load(schema);
    this.current.set(schema, next);
    return next;
  }

  private async load(schema: string): Promise<Catalog> {
    this.lastLoad.set(schema, Date.now());
    for (let attempt = 1; ; attempt++) {
      try {
        return await loadCatalog(this.pool, schema, this.configSchemas);
      } catch (e) {
        // A table dropped while the catalog was read (its oid seen, then gone: 'relation "17699"
        // does not exist') says nothing about the schema now: read it again, as PostgREST does.
        if (attempt < 4 && droppedMeanwhile(e)) {
          await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
          continue;
        }
        this.current.delete(schema);
        throw e;
      }
    }
  }
}

/** The catalog read raced a DROP: an object it had just listed no longer exists. */
function droppedMeanwhile(e: unknown): boolean {
  const { code, message } = (e ?? {}) as { code?: string; message?: string };
  return code === '42P01' || code === '42704' || code === '42883' || /cache lookup failed/.test(message ?? '');
}
