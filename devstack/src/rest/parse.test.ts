import { describe, expect, it } from 'vitest';
import { parseFilterValue, parseLogic } from './parse-filter.js';
import { parseOrder } from './parse-order.js';
import { parseSelect } from './parse-select.js';
import { ParseError } from './parse-util.js';
import { parseQueryParams } from './query-params.js';

describe('parseSelect', () => {
  it('reads columns, aliases, casts and JSON paths', () => {
    expect(parseSelect('id,label:name,price::text,c:meta->a->>b')).toEqual([
      { kind: 'field', field: { name: 'id', json: [] } },
      { kind: 'field', field: { name: 'name', json: [] }, alias: 'label' },
      { kind: 'field', field: { name: 'price', json: [] }, cast: 'text' },
      {
        kind: 'field', alias: 'c',
        field: { name: 'meta', json: [{ arrow: '->', key: 'a', index: false }, { arrow: '->>', key: 'b', index: false }] },
      },
    ].map((f) => ({ alias: undefined, cast: undefined, aggregate: undefined, aggregateCast: undefined, ...f })));
  });

  it('reads embeds with alias, hint, !inner, nesting and spreads', () => {
    const [embed, spread] = parseSelect('a:authors!fk_author!inner(name,books(*)),...country(code)');
    expect(embed).toMatchObject({ kind: 'embed', name: 'authors', alias: 'a', hint: 'fk_author', inner: true, spread: false });
    expect(embed.kind === 'embed' && embed.children[1]).toMatchObject({ kind: 'embed', name: 'books' });
    expect(spread).toMatchObject({ kind: 'embed', name: 'country', spread: true });
  });

  it('reads count() and rel(count)', () => {
    expect(parseSelect('count()')[0]).toMatchObject({ aggregate: 'count' });
    expect(parseSelect('posts(count)')[0]).toMatchObject({ kind: 'embed', children: [{ field: { name: 'count' } }] });
  });

  it('refuses unbalanced parentheses and stray characters with PostgREST wording', () => {
    expect(() => parseSelect('id,(')).toThrow(ParseError);
    expect(() => parseSelect('rel(id')).toThrow(/failed to parse select parameter \(rel\(id\)/);
    expect(() => parseSelect('id;drop')).toThrow(ParseError);
  });
});

describe('parseFilterValue', () => {
  it('reads operators, negation and quantifiers', () => {
    expect(parseFilterValue('eq.5')).toEqual({ negate: false, operation: { op: 'eq', quant: undefined, value: '5' } });
    expect(parseFilterValue('not.like(any).{a*,b*}')).toEqual({ negate: true, operation: { op: 'like', quant: 'any', value: '{a*,b*}' } });
    expect(parseFilterValue('gte.2024-01-01')).toMatchObject({ operation: { op: 'gte', value: '2024-01-01' } });
    expect(parseFilterValue('neq.a.b')).toMatchObject({ operation: { op: 'neq', value: 'a.b' } });
  });

  it('reads in-lists with quoted values', () => {
    expect(parseFilterValue('in.(1,"a,b",c)')).toMatchObject({ operation: { op: 'in', values: ['1', 'a,b', 'c'] } });
    expect(parseFilterValue('in.()')).toMatchObject({ operation: { op: 'in', values: [] } });
  });

  it('reads is, isdistinct and full-text search with a language', () => {
    expect(parseFilterValue('is.NULL')).toMatchObject({ operation: { op: 'is', value: 'null' } });
    expect(parseFilterValue('isdistinct.x')).toMatchObject({ operation: { op: 'isdistinct', value: 'x' } });
    expect(parseFilterValue('wfts(english).cat -dog')).toMatchObject({ operation: { op: 'wfts', lang: 'english', value: 'cat -dog' } });
  });

  it('refuses unknown operators and is-values', () => {
    expect(() => parseFilterValue('nope.1')).toThrow('"failed to parse filter (nope.1)" (line 1, column 1)');
    expect(() => parseFilterValue('is.maybe')).toThrow(ParseError);
    expect(() => parseFilterValue('in.(1,2')).toThrow(ParseError);
  });
});

describe('parseLogic', () => {
  it('reads nested and/or trees with negation', () => {
    const { path, tree } = parseLogic('rel.not.or', '(a.eq.1,and(b.gt.2,c.in.(3,4)),d.not.is.null)');
    expect(path).toEqual(['rel']);
    expect(tree).toMatchObject({ kind: 'expr', negate: true, op: 'or' });
    if (tree.kind !== 'expr') throw new Error('expected an expression');
    expect(tree.children.map((c) => c.kind)).toEqual(['filter', 'expr', 'filter']);
    expect(tree.children[2]).toMatchObject({ filter: { negate: true, operation: { op: 'is', value: 'null' } } });
  });

  it('keeps quoted values and array literals whole', () => {
    const { tree } = parseLogic('or', '(name.eq."a,b)",tags.cs.{x,y})');
    if (tree.kind !== 'expr') throw new Error('expected an expression');
    expect(tree.children).toMatchObject([
      { filter: { operation: { value: 'a,b)' } } },
      { filter: { operation: { op: 'cs', value: '{x,y}' } } },
    ]);
  });

  it('refuses an empty or unbalanced tree', () => {
    expect(() => parseLogic('or', '()')).toThrow(ParseError);
    expect(() => parseLogic('or', '(a.eq.1')).toThrow(/failed to parse logic tree/);
  });
});

describe('parseOrder', () => {
  it('reads directions, null placement, JSON paths and related columns', () => {
    expect(parseOrder('a.desc.nullslast,b,meta->>x.asc,author(name).desc')).toMatchObject([
      { field: { name: 'a' }, direction: 'desc', nulls: 'last' },
      { field: { name: 'b' } },
      { field: { name: 'meta', json: [{ key: 'x' }] }, direction: 'asc' },
      { relation: 'author', field: { name: 'name' }, direction: 'desc' },
    ]);
  });

  it('refuses an unknown direction', () => {
    expect(() => parseOrder('id.sideways')).toThrow(ParseError);
  });
});

describe('parseQueryParams', () => {
  it('sorts parameters into select, filters, logic, order and embedded ranges', () => {
    const q = parseQueryParams(new URLSearchParams(
      'select=id,books(title)&id=gt.1&books.title=like.A*&or=(id.eq.1,id.eq.2)&order=id.desc&books.limit=2&limit=10&offset=5&columns="a","b"&on_conflict=code',
    ));
    expect(q.filters.map((f) => [f.path, f.filter.field.name])).toEqual([[[], 'id'], [['books'], 'title']]);
    expect(q.logic).toHaveLength(1);
    expect(q.order[0].terms[0]).toMatchObject({ direction: 'desc' });
    expect([...q.limits]).toEqual([['books', 2], ['', 10]]);
    expect(q.offsets.get('')).toBe(5);
    expect(q.columns).toEqual(['a', 'b']);
    expect(q.onConflict).toEqual(['code']);
  });

  it('treats operator-less parameters as arguments on GET /rpc', () => {
    const q = parseQueryParams(new URLSearchParams('a=1&b=x&c=eq.3'), true);
    expect([...q.rpcArgs]).toEqual([['a', ['1']], ['b', ['x']]]);
    expect(q.filters[0].filter.field.name).toBe('c');
  });
});
