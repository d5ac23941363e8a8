import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DB_URL,
  HEADER,
  parseArgs,
  pgTypeToTs,
  printType,
  renderDatabaseTypes,
  type Catalog,
  type CatalogColumn,
  type CatalogFunction,
  type CatalogType,
  type TsType,
  type TypeContext,
} from './gen-types';

// Built-in type oids as in pg_type.
const T = { bool: 16, int4: 23, int8: 20, text: 25, json: 114, jsonb: 3802, uuid: 2950, _text: 1009, void: 2278 };
const builtins: CatalogType[] = Object.entries(T).map(([name, id]) => ({
  id,
  name,
  schema: 'pg_catalog',
  enums: [],
  attributes: [],
  type_relation_id: null,
}));

const col = (table_id: number, name: string, format: string, extra: Partial<CatalogColumn> = {}): CatalogColumn => ({
  table_id,
  name,
  format,
  is_nullable: false,
  default_value: null,
  is_identity: false,
  identity_generation: null,
  is_updatable: true,
  ...extra,
});

const fn = (name: string, extra: Partial<CatalogFunction>): CatalogFunction => ({
  id: 0,
  schema: 'public',
  name,
  args: [],
  argument_types: '',
  return_type: 'jsonb',
  return_type_id: T.jsonb,
  return_type_relation_id: null,
  is_set_returning_function: false,
  prorows: null,
  ...extra,
});

/** A small hand-made catalog: two tables with a foreign key, an enum, a composite and functions. */
function catalog(): Catalog {
  return {
    schemas: ['public'],
    relations: [
      { id: 1, schema: 'public', name: 'posts', kind: 'table', is_updatable: false },
      { id: 2, schema: 'public', name: 'accounts', kind: 'table', is_updatable: false },
      { id: 3, schema: 'public', name: 'post_view', kind: 'view', is_updatable: false },
    ],
    columns: [
      col(1, 'id', 'int8', { is_identity: true, identity_generation: 'ALWAYS', default_value: null }),
      col(1, 'title', 'text'),
      col(1, 'note', 'text', { is_nullable: true, default_value: "''::text" }),
      col(1, 'status', 'post_status', { default_value: "'draft'::post_status" }),
      col(1, 'tags', '_text', { default_value: "'{}'::text[]" }),
      col(1, 'meta', 'jsonb', { is_nullable: true }),
      col(1, 'account_id', 'uuid'),
      col(1, 'serial_no', 'int4', { is_identity: true, identity_generation: 'BY DEFAULT' }),
      col(1, 'odd', 'tsrange', { is_nullable: true }),
      col(1, 'user-id', 'uuid', { is_nullable: true }),
      col(2, 'id', 'uuid', { default_value: 'gen_random_uuid()' }),
      col(3, 'title', 'text', { is_nullable: true, is_updatable: false }),
    ],
    relationships: [
      {
        foreign_key_name: 'posts_account_id_fkey',
        schema: 'public',
        relation: 'posts',
        columns: ['account_id'],
        is_one_to_one: false,
        referenced_schema: 'public',
        referenced_relation: 'accounts',
        referenced_columns: ['id'],
      },
      {
        foreign_key_name: 'posts_user_fkey',
        schema: 'public',
        relation: 'posts',
        columns: ['user-id'],
        is_one_to_one: true,
        referenced_schema: 'auth',
        referenced_relation: 'users',
        referenced_columns: ['id'],
      },
    ],
    functions: [
      fn('start_job', {
        args: [
          { mode: 'in', name: 'studio', type_id: T.text, has_default: false },
          { mode: 'in', name: 'options', type_id: T.jsonb, has_default: true },
        ],
      }),
      fn('check_rate_limit', {
        args: [
          { mode: 'in', name: 'endpoint', type_id: T.text, has_default: false },
          { mode: 'in', name: 'limit', type_id: T.int4, has_default: true },
        ],
      }),
      fn('sweep', { return_type: 'integer', return_type_id: 23 }),
      fn('touch', { return_type: 'void', return_type_id: T.void }),
      fn('recent_posts', {
        args: [{ mode: 'in', name: 'n', type_id: T.int4, has_default: false }],
        return_type: 'SETOF posts',
        return_type_id: 9001,
        return_type_relation_id: 1,
        is_set_returning_function: true,
        prorows: 1000,
      }),
      fn('titles', {
        args: [
          { mode: 'table', name: 'title', type_id: T.text, has_default: false },
          { mode: 'table', name: 'id', type_id: T.int8, has_default: false },
        ],
        return_type: 'TABLE(title text, id bigint)',
        return_type_id: 2249,
        is_set_returning_function: true,
        prorows: 1000,
      }),
      fn('ids', { return_type: 'SETOF bigint', return_type_id: T.int8, is_set_returning_function: true, prorows: 1000 }),
      // Two unnamed non-json args: PostgREST cannot call it, the CLI leaves it out.
      fn('hidden', {
        args: [
          { mode: 'in', name: '', type_id: T.int4, has_default: false },
          { mode: 'in', name: '', type_id: T.int4, has_default: false },
        ],
      }),
    ],
    types: [
      ...builtins,
      { id: 9001, name: 'posts', schema: 'public', enums: [], attributes: [], type_relation_id: 1 },
      { id: 9002, name: 'post_status', schema: 'public', enums: ['draft', 'published'], attributes: [], type_relation_id: null },
      {
        id: 9003,
        name: 'money_pair',
        schema: 'public',
        enums: [],
        attributes: [
          { name: 'amount', type_id: T.int4 },
          { name: 'currency', type_id: T.text },
        ],
        type_relation_id: 9100,
      },
      { id: 9004, name: 'job_ref', schema: 'private', enums: [], attributes: [{ name: 'id', type_id: T.uuid }], type_relation_id: 9101 },
      { id: 9005, name: 'mood', schema: 'private', enums: ['ok', 'meh'], attributes: [], type_relation_id: null },
    ],
  };
}

const out = renderDatabaseTypes(catalog());
/** The lines of one `name: { ... }` block at the given indentation. */
function block(text: string, name: string, indent: number): string {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l === `${' '.repeat(indent)}${name}: {`);
  if (start < 0) throw new Error(`no block ${name} at ${indent}`);
  const end = lines.findIndex((l, i) => i > start && l === `${' '.repeat(indent)}}`);
  return lines.slice(start, end + 1).join('\n');
}
const posts = block(out, 'posts', 6);

describe('pgTypeToTs', () => {
  const ctx: TypeContext = { schemas: ['public'], types: catalog().types, relations: catalog().relations };
  const ts = (name: string) => printType(pgTypeToTs('public', name, ctx), 0);

  it('maps scalars, json, arrays, void and unknown types', () => {
    expect(['int2', 'int4', 'int8', 'numeric', 'float8'].map(ts)).toEqual(Array(5).fill('number'));
    expect(['text', 'varchar', 'uuid', 'date', 'timestamptz', 'time', 'interval'].map(ts)).toEqual(Array(7).fill('string'));
    expect(ts('bool')).toBe('boolean');
    expect(ts('jsonb')).toBe('Json');
    expect(ts('json')).toBe('Json');
    expect(ts('_text')).toBe('string[]');
    expect(ts('_int4')).toBe('number[]');
    expect(ts('void')).toBe('undefined');
    expect(ts('inet')).toBe('unknown');
    expect(ts('tsrange')).toBe('unknown');
  });

  it('references enums and composites of the schema, inlines enums of other schemas', () => {
    expect(ts('post_status')).toBe('Database["public"]["Enums"]["post_status"]');
    expect(ts('_post_status')).toBe('Database["public"]["Enums"]["post_status"][]');
    expect(ts('money_pair')).toBe('Database["public"]["CompositeTypes"]["money_pair"]');
    expect(ts('mood')).toBe('"ok" | "meh"');
    expect(ts('_mood')).toBe('("ok" | "meh")[]');
    expect(ts('job_ref')).toBe('unknown');
    expect(ts('posts')).toBe('Database["public"]["Tables"]["posts"]["Row"]');
  });
});

describe('tables', () => {
  it('Row: every column, null only when nullable, unknown never gets | null', () => {
    const row = block(posts, 'Row', 8);
    expect(row).toContain('          note: string | null\n');
    expect(row).toContain('          title: string\n');
    expect(row).toContain('          odd: unknown\n');
    expect(row).toContain('          "user-id": string | null\n');
    expect(row).toContain('          status: Database["public"]["Enums"]["post_status"]\n');
  });

  it('Insert: optional when nullable, defaulted or identity; identity ALWAYS is never', () => {
    const insert = block(posts, 'Insert', 8);
    expect(insert).toContain('          note?: string | null\n'); // nullable with a default
    expect(insert).toContain('          meta?: Json | null\n'); // nullable
    expect(insert).toContain('          tags?: string[]\n'); // default
    expect(insert).toContain('          serial_no?: number\n'); // identity by default
    expect(insert).toContain('          id?: never\n'); // generated always as identity
    expect(insert).toContain('          title: string\n'); // required
    expect(insert).toContain('          account_id: string\n');
  });

  it('Update: everything optional, identity ALWAYS is never', () => {
    const update = block(posts, 'Update', 8);
    expect(update).toContain('          title?: string\n');
    expect(update).toContain('          id?: never\n');
  });

  it('Relationships: foreign keys within the schema only', () => {
    expect(posts).toContain(
      [
        '        Relationships: [',
        '          {',
        '            foreignKeyName: "posts_account_id_fkey"',
        '            columns: ["account_id"]',
        '            isOneToOne: false',
        '            referencedRelation: "accounts"',
        '            referencedColumns: ["id"]',
        '          },',
        '        ]',
      ].join('\n'),
    );
    expect(posts).not.toContain('users');
    expect(block(out, 'accounts', 6)).toContain('        Relationships: []');
  });

  it('sorts tables and columns by name', () => {
    expect(out.indexOf('      accounts: {')).toBeLessThan(out.indexOf('      posts: {'));
    const row = block(posts, 'Row', 8);
    expect(row.indexOf('account_id')).toBeLessThan(row.indexOf('title'));
  });
});

describe('functions', () => {
  it('args with defaults are optional, names like limit stay as they are', () => {
    expect(out).toContain('      start_job: { Args: { options?: Json; studio: string }; Returns: Json }\n');
    // 84 columns inline, so the signature breaks (Args still fits on its own line).
    expect(out).toContain('      check_rate_limit: {\n        Args: { endpoint: string; limit?: number }\n        Returns: Json\n      }\n');
  });

  it('no args is never; void returns undefined', () => {
    expect(out).toContain('      sweep: { Args: never; Returns: number }\n');
    expect(out).toContain('      touch: { Args: never; Returns: undefined }\n');
  });

  it('setof returns arrays: of rows (with SetofOptions), of scalars, of returns table records', () => {
    const recent = block(out, 'recent_posts', 6);
    expect(recent).toContain('        Args: { n: number }\n        Returns: {\n          account_id: string\n');
    expect(recent).toContain('          "user-id": string | null\n        }[]\n        SetofOptions: {\n          from: "*"\n          to: "posts"\n          isOneToOne: false\n          isSetofReturn: true\n        }');
    expect(out).toContain('      ids: { Args: never; Returns: number[] }\n');
    expect(block(out, 'titles', 6)).toContain('        Returns: {\n          id: number\n          title: string\n        }[]');
  });

  it('leaves out functions PostgREST cannot call', () => {
    expect(out).not.toContain('hidden');
  });
});

describe('views, enums, composites, helpers', () => {
  it('a read-only view has Row and Relationships only', () => {
    expect(block(out, 'post_view', 6)).toBe(
      ['      post_view: {', '        Row: {', '          title: string | null', '        }', '        Relationships: []', '      }'].join('\n'),
    );
  });

  it('an updatable view gets Insert/Update with never for read-only columns', () => {
    const c = catalog();
    c.relations[2]!.is_updatable = true;
    c.columns.push(col(3, 'id', 'int8', { is_nullable: true }));
    const view = block(renderDatabaseTypes(c), 'post_view', 6);
    expect(view).toContain('        Insert: {\n          id?: number | null\n          title?: never\n        }');
    expect(view).toContain('        Update: {\n          id?: number | null\n          title?: never\n        }');
  });

  it('enums, composite types and Constants', () => {
    expect(out).toContain('    Enums: {\n      post_status: "draft" | "published"\n    }');
    expect(out).toContain('    CompositeTypes: {\n      money_pair: {\n        amount: number | null\n        currency: string | null\n      }\n    }');
    expect(out).toContain('export const Constants = {\n  public: {\n    Enums: {\n      post_status: ["draft", "published"],\n    },\n  },\n} as const\n');
  });

  it('empty sections, header, internals and helper types', () => {
    const empty = renderDatabaseTypes({ schemas: ['public'], relations: [], columns: [], relationships: [], functions: [], types: builtins });
    expect(empty.startsWith(`${HEADER}\n\nexport type Json =\n`)).toBe(true);
    expect(empty).toContain('    Views: {\n      [_ in never]: never\n    }');
    expect(empty).toContain('  __InternalSupabase: {\n    PostgrestVersion: "12"\n  }\n  public: {');
    expect(empty).toContain('    Enums: {},');
    for (const helper of ['Tables', 'TablesInsert', 'TablesUpdate', 'Enums', 'CompositeTypes']) {
      expect(empty).toContain(`export type ${helper}<`);
    }
  });

  it('is deterministic: input order does not matter', () => {
    const c = catalog();
    c.columns.reverse();
    c.relations.reverse();
    c.functions.reverse();
    c.types.reverse();
    expect(renderDatabaseTypes(c)).toBe(out);
  });
});

describe('layout', () => {
  it('breaks long unions and objects the way prettier does', () => {
    const values = ['"aaaaaaaaaaaa"', '"bbbbbbbbbbbb"', '"cccccccccccc"', '"dddddddddddd"', '"eeeeeeeeeeee"'];
    const long: TsType = { k: 'union', types: values.map((s): TsType => ({ k: 'raw', s })) };
    const text = printType({ k: 'obj', hard: true, members: [{ key: 'status', type: long }] }, 4);
    expect(text).toBe(
      '{\n      status:\n        | "aaaaaaaaaaaa"\n        | "bbbbbbbbbbbb"\n        | "cccccccccccc"\n        | "dddddddddddd"\n        | "eeeeeeeeeeee"\n    }',
    );
  });
});

describe('parseArgs', () => {
  it('takes a URL from argv, --db-url, DATABASE_URL or the default', () => {
    expect(parseArgs([], {}).dbUrl).toBe(DEFAULT_DB_URL);
    expect(parseArgs([], { DATABASE_URL: 'postgres://a' }).dbUrl).toBe('postgres://a');
    expect(parseArgs(['postgresql://b'], { DATABASE_URL: 'postgres://a' }).dbUrl).toBe('postgresql://b');
    expect(parseArgs(['--db-url', 'postgres://c', '--out', 'x.ts'], {})).toEqual({ dbUrl: 'postgres://c', out: 'x.ts' });
    expect(() => parseArgs(['--bogus'], {})).toThrow(/unknown argument/);
  });
});
