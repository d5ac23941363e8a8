import { describe, expect, it } from 'vitest';
import { splitSql } from './split-sql.js';

describe('splitSql', () => {
  it('splits at top-level semicolons only', () => {
    const sql = `create table t (a text default 'x;y');
-- a comment; still a comment
create function f() returns int language sql as $$ select 1; $$;
/* block; /* nested; */ */ select "odd;name" from t;
do $body$ begin perform 1; end $body$;`;
    expect(splitSql(sql)).toEqual([
      "create table t (a text default 'x;y')",
      '-- a comment; still a comment\ncreate function f() returns int language sql as $$ select 1; $$',
      '/* block; /* nested; */ */ select "odd;name" from t',
      'do $body$ begin perform 1; end $body$',
    ]);
  });

  it('drops empty and comment-only pieces', () => {
    expect(splitSql(';; -- trailing comment\n')).toEqual([]);
  });
});
