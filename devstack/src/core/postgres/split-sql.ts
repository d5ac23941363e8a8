/**
 * Splits a SQL script into statements at top-level semicolons, skipping over quoted strings,
 * quoted identifiers, dollar-quoted bodies and comments. Used to record a migration's
 * statements the way the Supabase CLI does; the script itself is executed whole.
 */
export function splitSql(sql: string): string[] {
  const out: string[] = [];
  let start = 0;
  let i = 0;
  const skipTo = (end: string, from: number) => {
    const at = sql.indexOf(end, from);
    return at < 0 ? sql.length : at + end.length;
  };
  while (i < sql.length) {
    const c = sql[i];
    const next = sql[i + 1];
    if (c === '-' && next === '-') i = skipTo('\n', i);
    else if (c === '/' && next === '*') i = skipBlockComment(sql, i);
    else if (c === "'") i = skipQuoted(sql, i, "'");
    else if (c === '"') i = skipQuoted(sql, i, '"');
    else if (c === '$') {
      const tag = /^\$[A-Za-z_]?[A-Za-z0-9_]*\$/.exec(sql.slice(i));
      i = tag && (i === 0 || !/[A-Za-z0-9_]/.test(sql[i - 1])) ? skipTo(tag[0], i + tag[0].length) : i + 1;
    } else if (c === ';') {
      push(out, sql.slice(start, i));
      start = ++i;
    } else i++;
  }
  push(out, sql.slice(start));
  return out;
}

function push(out: string[], stmt: string) {
  const trimmed = stmt.trim();
  if (trimmed && !isOnlyComments(trimmed)) out.push(trimmed);
}

function isOnlyComments(s: string): boolean {
  return s.replace(/--[^\n]*/g, '').replace(/\/\*[\s\S]*?\*\//g, '').trim() === '';
}

function skipQuoted(sql: string, i: number, q: string): number {
  for (let j = i + 1; j < sql.length; j++) {
    if (sql[j] === q) {
      if (sql[j + 1] === q) j++;
      else return j + 1;
    }
  }
  return sql.length;
}

/** Postgres block comments nest. */
function skipBlockComment(sql: string, i: number): number {
  let depth = 0;
  for (let j = i; j < sql.length - 1; j++) {
    if (sql[j] === '/' && sql[j + 1] === '*') {
      depth++;
      j++;
    } else if (sql[j] === '*' && sql[j + 1] === '/') {
      depth--;
      j++;
      if (depth === 0) return j + 1;
    }
  }
  return sql.length;
}
