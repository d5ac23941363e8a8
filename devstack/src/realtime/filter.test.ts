import { describe, expect, it } from 'vitest';
import { matchesFilters, parseFilter, type Filter } from './filter.js';

const types = new Map([
  ['id', 'int8'],
  ['user_id', 'uuid'],
  ['body', 'text'],
  ['done', 'bool'],
  ['at', 'timestamptz'],
]);

function filters(s: string): Filter[] {
  const r = parseFilter(s);
  if (!r.ok) throw new Error(r.error);
  return r.filters;
}

const row = { id: 7, user_id: 'A0E70FC2-28DB-4C5B-87B9-F666EFD3D2E2', body: 'Hello, world', done: false, at: '2026-01-02T03:04:05.123+00:00' };
const matches = (s: string, r: Record<string, unknown> = row) => matchesFilters(filters(s), r, types);

describe('parseFilter', () => {
  it('parses column=op.value, in-lists, quoting and not.', () => {
    expect(filters('user_id=eq.abc')).toEqual([{ column: 'user_id', op: 'eq', value: 'abc', negate: false }]);
    expect(filters('body=in.("a,b",c)')).toEqual([{ column: 'body', op: 'in', value: ['a,b', 'c'], negate: false }]);
    expect(filters('id=not.gt.3, body=eq."x"')).toEqual([
      { column: 'id', op: 'gt', value: '3', negate: true },
      { column: 'body', op: 'eq', value: 'x', negate: false },
    ]);
    expect(filters('')).toEqual([]);
  });

  it('rejects unknown operators, empty segments and unwrapped in-lists', () => {
    expect(parseFilter('id=foo.1').ok).toBe(false);
    expect(parseFilter('id=eq.1,,').ok).toBe(false);
    expect(parseFilter('id=in.1,2').ok).toBe(false);
    expect(parseFilter('nonsense').ok).toBe(false);
  });
});

describe('matchesFilters', () => {
  it('compares by the column type', () => {
    expect(matches('id=eq.7')).toBe(true);
    expect(matches('id=gt.10')).toBe(false);
    expect(matches('id=lte.7')).toBe(true);
    expect(matches('user_id=eq.a0e70fc2-28db-4c5b-87b9-f666efd3d2e2')).toBe(true);
    expect(matches('done=eq.false')).toBe(true);
    expect(matches('at=gt.2026-01-01')).toBe(true);
    expect(matches('id=in.(1,7)')).toBe(true);
    expect(matches('id=neq.7')).toBe(false);
  });

  it('supports like, ilike, match, is and isdistinct', () => {
    expect(matches('body=like.Hello%')).toBe(true);
    expect(matches('body=like.hello%')).toBe(false);
    expect(matches('body=ilike.hello%')).toBe(true);
    expect(matches('body=imatch.^HELLO')).toBe(true);
    expect(matches('done=is.false')).toBe(true);
    expect(matches('body=is.null', { ...row, body: null })).toBe(true);
    expect(matches('id=isdistinct.8')).toBe(true);
  });

  it('never matches NULL or a missing column, negated or not (SQL semantics)', () => {
    expect(matches('body=eq.x', { ...row, body: null })).toBe(false);
    expect(matches('body=not.eq.x', { ...row, body: null })).toBe(false);
    expect(matches('user_id=eq.a0e70fc2-28db-4c5b-87b9-f666efd3d2e2', { id: 7 })).toBe(false);
    expect(matchesFilters(filters('id=eq.1'), null, types)).toBe(false);
  });

  it('requires every condition', () => {
    expect(matches('id=eq.7,body=eq.nope')).toBe(false);
    expect(matches('id=eq.7,body=not.eq.nope')).toBe(true);
  });
});
