import { describe, expect, it } from 'vitest';
import { buildReadSql, wrapRead } from './build-read.js';
import { insertSql, updateSql } from './build-mutate.js';
import type { Catalog, Column, Table } from './catalog.js';
import { pgStatus } from './errors.js';
import { parseQueryParams } from './query-params.js';
import { planRead } from './read-plan.js';
import { Params } from './sql.js';

const col = (name: string, type = 'text'): Column => ({ name, type, notNull: false, default: null, generated: false });
const table = (name: string, cols: Column[]): Table => ({
  schema: 'public', oid: 1, name, kind: 'r', pk: ['id'], uniques: [['id']], columns: new Map(cols.map((c) => [c.name, c])), computed: new Map(),
});
const cat: Catalog = {
  schema: 'public',
  tables: new Map([
    ['posts', table('posts', [col('id', 'integer'), col('title'), col('author_id', 'integer'), col('meta', 'jsonb')])],
    ['authors', table('authors', [col('id', 'integer'), col('name')])],
  ]),
  foreignKeys: [{ name: 'posts_author_id_fkey', table: 'posts', columns: ['author_id'], refTable: 'authors', refColumns: ['id'] }],
  functions: new Map(),
};

function read(qs: string) {
  const q = parseQueryParams(new URLSearchParams(qs));
  const p = new Params();
  const node = planRead(cat, cat.tables.get('posts')!, q);
  const sql = buildReadSql(node, '"public"."posts" AS "posts"', '"posts"', p);
  return { text: wrapRead(sql, true, { stripNulls: false }), values: p.values };
}

describe('read SQL', () => {
  it('never puts a request value into the SQL text', () => {
    const evil = "x' or '1'='1; drop table posts;";
    const { text, values } = read(`select=id,meta->>${encodeURIComponent(evil)}&title=eq.${encodeURIComponent(evil)}&or=(title.like.*${encodeURIComponent(evil)}*)`);
    // The JSON key may name the output column, but only as a quoted identifier.
    expect(text.replace(/"(?:[^"]|"")*"/g, '""')).not.toContain('drop table');
    expect(values).toContain(evil);
    expect(values).toContain(`%${evil}%`);
  });

  it('quotes identifiers and refuses columns the catalog does not know', () => {
    expect(() => read('select=id,"bad\\"col"')).toThrow('column posts.bad"col does not exist');
    expect(() => read('title"=eq.1')).toThrow(/does not exist|failed to parse/);
    expect(() => read('order=nope.desc')).toThrow('column posts.nope does not exist');
  });

  it('embeds to-one and to-many resources as lateral JSON subqueries', () => {
    const { text } = read('select=id,authors(name)');
    expect(text).toContain('LEFT JOIN LATERAL (SELECT row_to_json(_e) AS body FROM (SELECT "authors_1"."name" AS "name" FROM "public"."authors" AS "authors_1" WHERE "authors_1"."id" = "posts"."author_id")');
    const back = planRead(cat, cat.tables.get('authors')!, parseQueryParams(new URLSearchParams('select=name,posts(title)')));
    const sql = buildReadSql(back, '"public"."authors" AS "authors"', '"authors"', new Params());
    expect(sql.rows).toContain('SELECT json_agg(_e) AS body');
    expect(sql.rows).toContain('"posts_1"."author_id" = "authors"."id"');
  });

  it('refuses casts that are not plain type names', () => {
    expect(() => read('select=id::int)%3Bdrop')).toThrow();
    expect(() => read('select=id::text')).not.toThrow();
  });
});

describe('write SQL', () => {
  it('sends the body as one json parameter with catalog types', () => {
    const p = new Params();
    const posts = cat.tables.get('posts')!;
    const sql = insertSql({
      table: posts, columns: [col('title')], body: [{ title: "'; --" }], missingDefault: false, returning: '1',
      onConflict: { columns: ['id'], action: 'merge' },
    }, p);
    expect(sql).toMatch(/^INSERT INTO "public"\."posts" AS "posts" \("title"\) SELECT "title" FROM json_to_recordset\(\$1::json\) AS _r\("title" text\) WHERE set_config\('pgrst\.inserted'.* ON CONFLICT \("id"\) DO UPDATE SET "title" = EXCLUDED\."title" WHERE set_config\('pgrst\.inserted'.* RETURNING 1$/);
    expect(p.values).toEqual([JSON.stringify([{ title: "'; --" }])]);
    const u = updateSql({ table: posts, filters: [], logic: [], order: [] }, [col('title')], { title: 'x' }, '1', new Params());
    expect(u).toContain('UPDATE "public"."posts" AS "posts" SET "title" = _r."title" FROM json_to_record($1::json)');
  });
});

describe('pgStatus', () => {
  it.each([
    ['23505', 409], ['23503', 409], ['23502', 400], ['22P02', 400], ['42501', 403], ['42883', 404],
    ['P0001', 400], ['PT402', 402], ['57014', 500], ['40001', 500], ['25006', 405], ['42P01', 404],
  ])('maps %s to %i', (code, status) => {
    expect(pgStatus(code, '', true)).toBe(status);
  });

  it('answers 42501 with 401 for anon', () => {
    expect(pgStatus('42501', '', false)).toBe(401);
  });
});
