import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, pgClient, serviceClient } from '../helpers/clients.js';

// Reads through supabase-js: filters, order, ranges, counts, single objects, embeds, errors.
const p = `rr_${randomUUID().slice(0, 8)}`;
const items = `${p}_items`;
const makers = `${p}_makers`;
const parts = `${p}_parts`;
let db: pg.Client;

beforeAll(async () => {
  db = await pgClient();
  await db.query(`
    create table public.${makers} (id int primary key, name text not null, country text);
    create table public.${items} (
      id int primary key, name text not null, qty int, price numeric(8,2), tags text[] not null default '{}',
      meta jsonb, note text, active boolean, body text, maker_id int references public.${makers}(id)
    );
    create table public.${parts} (id int primary key, item_id int not null references public.${items}(id), label text);
    grant select on public.${makers}, public.${items}, public.${parts} to anon, authenticated, service_role;
    insert into public.${makers} values (1, 'Acme', 'DE'), (2, 'Globex', 'US'), (3, 'Initech', null);
    insert into public.${items} values
      (1, 'apple',  10, 1.50, '{fruit,red}',   '{"color":"red","size":{"w":3}}',   null,   true,  'the quick brown fox', 1),
      (2, 'banana', 0,  0.25, '{fruit}',       '{"color":"yellow","size":{"w":5}}', 'ripe', false, 'lazy dogs sleep',     1),
      (3, 'carrot', 25, 0.10, '{vegetable}',   '{"color":"orange"}',               null,   null,  'quick carrots grow',  2),
      (4, 'Date',   5,  3.00, '{fruit,sweet}', null,                               'dry',  true,  'sweet dates',         null),
      (5, 'eggplant', null, 2.20, '{}',        '{"color":"purple"}',               null,   false, 'purple vegetable',    3);
    insert into public.${parts} values (1, 1, 'stem'), (2, 1, 'skin'), (3, 3, 'top');
  `);
});

afterAll(async () => {
  await db.query(`drop table if exists public.${parts}, public.${items}, public.${makers} cascade`);
  await db.end();
});

const ids = (data: unknown) => ((data ?? []) as { id: number }[]).map((r) => r.id);
const from = (table = items) => serviceClient().from(table);

describe('filters', () => {
  it.each([
    ['eq', () => from().select('id').eq('name', 'apple'), [1]],
    ['neq', () => from().select('id').neq('name', 'apple'), [2, 3, 4, 5]],
    ['gt', () => from().select('id').gt('qty', 5), [1, 3]],
    ['gte', () => from().select('id').gte('qty', 10), [1, 3]],
    ['lt', () => from().select('id').lt('price', 1), [2, 3]],
    ['lte', () => from().select('id').lte('price', 1.5), [1, 2, 3]],
    ['like with * wildcards', () => from().select('id').like('name', '*an*'), [2, 5]],
    ['ilike', () => from().select('id').ilike('name', 'd*'), [4]],
    ['match (regex)', () => from().select('id').regexMatch('name', '^[ab]'), [1, 2]],
    ['imatch', () => from().select('id').regexIMatch('name', '^d'), [4]],
    ['like(any)', () => from().select('id').likeAnyOf('name', ['a*', 'c*']), [1, 3]],
    ['ilike(all)', () => from().select('id').ilikeAllOf('name', ['*a*', '*e*']), [1, 4, 5]],
    ['in', () => from().select('id').in('name', ['apple', 'carrot', 'nope']), [1, 3]],
    ['not in', () => from().select('id').not('id', 'in', '(1,2,3)'), [4, 5]],
    ['is null', () => from().select('id').is('note', null), [1, 3, 5]],
    ['is true', () => from().select('id').is('active', true), [1, 4]],
    ['is false', () => from().select('id').is('active', false), [2, 5]],
    ['is unknown', () => from().select('id').filter('active', 'is', 'unknown'), [3]],
    ['not is null', () => from().select('id').not('note', 'is', null), [2, 4]],
    ['isdistinct', () => from().select('id').isDistinct('note', 'ripe'), [1, 3, 4, 5]],
    ['contains (array)', () => from().select('id').contains('tags', ['fruit', 'red']), [1]],
    ['contained by', () => from().select('id').containedBy('tags', ['fruit', 'sweet', 'red']), [1, 2, 4, 5]],
    ['overlaps', () => from().select('id').overlaps('tags', ['sweet', 'vegetable']), [3, 4]],
    ['contains (jsonb)', () => from().select('id').contains('meta', { color: 'red' }), [1]],
    ['fts', () => from().select('id').textSearch('body', 'quick & fox'), [1]],
    ['plfts', () => from().select('id').textSearch('body', 'quick', { type: 'plain', config: 'english' }), [1, 3]],
    ['phfts', () => from().select('id').textSearch('body', 'lazy dogs', { type: 'phrase' }), [2]],
    ['wfts', () => from().select('id').textSearch('body', 'quick -fox', { type: 'websearch' }), [3]],
    ['json path ->>', () => from().select('id').eq('meta->>color', 'yellow'), [2]],
    ['nested json path', () => from().select('id').gt('meta->size->>w', '4'), [2]],
    ['not.eq', () => from().select('id').not('name', 'eq', 'apple').lt('id', 3), [2]],
    ['or', () => from().select('id').or('qty.eq.0,name.eq.Date'), [2, 4]],
    ['or with nested and', () => from().select('id').or('id.eq.1,and(qty.gt.20,active.is.null)'), [1, 3]],
    // `referencedTable: 'not'` is how postgrest-js spells the key `not.or`.
    ['not.or', () => from().select('id').or('id.eq.1,id.eq.2', { referencedTable: 'not' }), [3, 4, 5]],
  ] as const)('%s', async (_name, query, expected) => {
    const { data, error } = await query().order('id');
    expect(error).toBeNull();
    expect(ids(data)).toEqual(expected);
  });

  it('matches rows with several filters combined (AND)', async () => {
    const { data } = await from().select('id').contains('tags', ['fruit']).gt('price', 1).order('id');
    expect(ids(data)).toEqual([1, 4]);
  });

  it('filters on quoted values holding reserved characters', async () => {
    await db.query(`insert into public.${items} (id, name) values (90, 'a,b (c)') on conflict do nothing`);
    const { data } = await from().select('id').in('name', ['a,b (c)']);
    expect(ids(data)).toEqual([90]);
    await db.query(`delete from public.${items} where id = 90`);
  });
});

describe('order, limit, range and counts', () => {
  it('orders by several columns with directions and null placement', async () => {
    const { data } = await from().select('id').order('active', { ascending: false, nullsFirst: true }).order('id', { ascending: false });
    expect(ids(data)).toEqual([3, 4, 1, 5, 2]);
  });

  it('puts nulls last when asked', async () => {
    const { data } = await from().select('id').order('qty', { nullsFirst: false });
    expect(ids(data)).toEqual([2, 4, 1, 3, 5]);
  });

  it('applies limit and range (offset) in order', async () => {
    expect(ids((await from().select('id').order('id').limit(2)).data)).toEqual([1, 2]);
    expect(ids((await from().select('id').order('id').range(1, 3)).data)).toEqual([2, 3, 4]);
  });

  it('answers count=exact with Content-Range and 206 for a partial page', async () => {
    const res = await from().select('id', { count: 'exact' }).order('id').range(0, 1);
    expect(res.status).toBe(206);
    expect(res.count).toBe(5);
    expect(ids(res.data)).toEqual([1, 2]);
  });

  it('answers 200 when the page holds every row, and counts with head: true without a body', async () => {
    const full = await from().select('id', { count: 'exact' });
    expect(full.status).toBe(200);
    expect(full.count).toBe(5);
    const head = await from().select('*', { count: 'exact', head: true }).gt('qty', 5);
    expect(head.count).toBe(2);
    expect(head.data).toBeNull();
  });

  it('counts zero rows as */0', async () => {
    const res = await from().select('id', { count: 'exact' }).eq('name', 'nothing');
    expect(res.data).toEqual([]);
    expect(res.count).toBe(0);
  });

  it('refuses an offset past the end with 416 PGRST103', async () => {
    const res = await from().select('id', { count: 'exact' }).range(10, 12);
    expect(res.status).toBe(416);
    expect(res.error).toMatchObject({
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: 'An offset of 10 was requested, but there are only 5 rows.',
    });
  });
});

describe('single objects', () => {
  it('returns one object with single()', async () => {
    const { data, error } = await from().select('id,name').eq('id', 2).single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: 2, name: 'banana' });
  });

  it('answers 406 PGRST116 when single() matches several or no rows', async () => {
    const many = await from().select('id').single();
    expect(many.status).toBe(406);
    expect(many.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 5 rows',
      message: 'Cannot coerce the result to a single JSON object' });
    const none = await from().select('id').eq('id', 99).single();
    expect(none.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' });
  });

  it('returns null or the row with maybeSingle()', async () => {
    expect((await from().select('id').eq('id', 99).maybeSingle()).data).toBeNull();
    expect((await from().select('id').eq('id', 3).maybeSingle()).data).toEqual({ id: 3 });
  });
});

describe('select shapes', () => {
  it('renames, casts and reads JSON paths', async () => {
    const { data, error } = await from()
      .select('label:name,price::text,color:meta->>color,width:meta->size->w,meta->size')
      .eq('id', 1).single();
    expect(error).toBeNull();
    expect(data).toEqual({ label: 'apple', price: '1.50', color: 'red', width: 3, size: { w: 3 } });
  });

  it('embeds a to-one resource through the foreign key', async () => {
    const { data } = await from().select(`id,maker:${makers}(name)`).in('id', [1, 4]).order('id');
    expect(data).toEqual([{ id: 1, maker: { name: 'Acme' } }, { id: 4, maker: null }]);
  });

  it('embeds a to-many resource, nested embeds and counts', async () => {
    const { data, error } = await from(makers)
      .select(`name,${items}(name,${parts}(label)),n:${items}(count)`).eq('id', 1).single();
    expect(error).toBeNull();
    const embedded = (data as unknown as Record<string, unknown>)[items] as { name: string; [k: string]: unknown }[];
    expect(embedded.map((i) => i.name).sort()).toEqual(['apple', 'banana']);
    const apple = embedded.find((i) => i.name === 'apple')!;
    expect((apple[parts] as { label: string }[]).map((x) => x.label).sort()).toEqual(['skin', 'stem']);
    expect((data as unknown as { n: unknown }).n).toEqual([{ count: 2 }]);
  });

  it('embeds with a foreign-key column hint and filters, orders and limits the embedded rows', async () => {
    const { data, error } = await from(makers)
      .select(`id,goods:${items}!maker_id(name)`)
      .eq('id', 1)
      .order('name', { referencedTable: 'goods', ascending: false })
      .limit(1, { referencedTable: 'goods' })
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: 1, goods: [{ name: 'banana' }] });
  });

  it('limits the embedded set with a filter on an embedded column, and the parents with !inner', async () => {
    const all = await from(makers).select(`id,${items}(name)`).eq(`${items}.name`, 'carrot').order('id');
    expect(all.data).toEqual([
      { id: 1, [items]: [] }, { id: 2, [items]: [{ name: 'carrot' }] }, { id: 3, [items]: [] },
    ]);
    const inner = await from(makers).select(`id,${items}!inner(name)`).eq(`${items}.name`, 'carrot');
    expect(inner.data).toEqual([{ id: 2, [items]: [{ name: 'carrot' }] }]);
  });

  it('filters parents on the presence of embedded rows with is.null', async () => {
    const { data } = await from().select(`id,${parts}(id)`).is(parts, null).order('id');
    expect(ids(data)).toEqual([2, 4, 5]);
  });

  it('orders by a column of a to-one embed', async () => {
    const { data } = await from().select(`id,m:${makers}(name)`).not('maker_id', 'is', null)
      .order('m(name)', { ascending: false }).order('id');
    expect(ids(data)).toEqual([5, 3, 1, 2]);
  });

  it('answers CSV when asked', async () => {
    const { data } = await from().select('id,name').lte('id', 2).order('id').csv();
    expect(data).toBe('id,name\n1,apple\n2,banana');
  });
});

describe('bad requests', () => {
  it('answers an unknown table with 404 PGRST205', async () => {
    const res = await from(`${p}_nope`).select();
    expect(res.status).toBe(404);
    expect(res.error).toMatchObject({ code: 'PGRST205', message: `Could not find the table 'public.${p}_nope' in the schema cache` });
  });

  it('answers an unknown column with 400 42703', async () => {
    const res = await from().select('id,nope');
    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({ code: '42703', message: `column ${items}.nope does not exist` });
  });

  it('answers malformed filters, orders and selects with 400 PGRST100', async () => {
    const op = await from().select('id').filter('id', 'nope', '1');
    expect(op.status).toBe(400);
    expect(op.error).toMatchObject({ code: 'PGRST100', message: '"failed to parse filter (nope.1)" (line 1, column 1)' });
    const logic = await from().select('id').or('id.eq.1,(');
    expect(logic.error).toMatchObject({ code: 'PGRST100' });
    expect(logic.error!.message).toContain('failed to parse logic tree');
    const order = await from().select('id').order('id.sideways' as 'id');
    expect(order.error).toMatchObject({ code: 'PGRST100' });
    const select = await from().select('id,(');
    expect(select.error).toMatchObject({ code: 'PGRST100' });
    expect(select.error!.message).toContain('failed to parse select parameter');
  });

  it('answers a value of the wrong type with 400 22P02', async () => {
    const res = await from().select('id').eq('qty', 'many');
    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({ code: '22P02' });
  });

  it('answers an embed without a relationship with 400 PGRST200', async () => {
    const res = await from(parts).select(`id,${makers}(name)`);
    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({
      code: 'PGRST200',
      message: `Could not find a relationship between '${parts}' and '${makers}' in the schema cache`,
    });
  });

  it('answers a schema other than public with 406 PGRST106', async () => {
    const res = await serviceClient().schema('private').from(items).select();
    expect(res.status).toBe(406);
    expect(res.error).toMatchObject({ code: 'PGRST106' });
  });

  it('serves tables created after start (schema cache reloads on an unknown name)', async () => {
    const late = `${p}_late`;
    await db.query(`create table public.${late} (id int); grant select on public.${late} to anon; insert into public.${late} values (7)`);
    const { data, error } = await anonClient().from(late).select('id');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 7 }]);
    await db.query(`drop table public.${late}`);
  });
});
