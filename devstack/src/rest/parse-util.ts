/**
 * Shared pieces of the query-string grammar (field names, JSON paths, quoted values), written as a
 * tiny cursor-based recursive-descent parser. Errors carry PostgREST's wording so a client sees
 * `"failed to parse filter (x)" (line 1, column n)` exactly as from the real server.
 */

export interface JsonOp {
  arrow: '->' | '->>';
  key: string;
  /** `->1` / `->-1`: an array index rather than an object key. */
  index: boolean;
}

export interface Field {
  name: string;
  json: JsonOp[];
}

export class ParseError extends Error {
  constructor(
    readonly what: string,
    readonly input: string,
    readonly column: number,
    readonly details: string,
  ) {
    super(`"failed to parse ${what} (${input})" (line 1, column ${column})`);
    this.name = 'ParseError';
  }
}

export class Cursor {
  pos = 0;
  constructor(
    readonly src: string,
    readonly what: string,
  ) {}

  get done(): boolean {
    return this.pos >= this.src.length;
  }
  peek(n = 0): string {
    return this.src[this.pos + n] ?? '';
  }
  startsWith(s: string): boolean {
    return this.src.startsWith(s, this.pos);
  }
  eat(s: string): boolean {
    if (!this.startsWith(s)) return false;
    this.pos += s.length;
    return true;
  }
  expect(s: string, expecting = `"${s}"`): void {
    if (!this.eat(s)) this.fail(expecting);
  }
  skipSpaces(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.pos++;
  }
  fail(expecting: string): never {
    const unexpected = this.done ? 'end of input' : `"${this.peek()}"`;
    throw new ParseError(this.what, this.src, this.pos + 1, `unexpected ${unexpected} expecting ${expecting}`);
  }
}

const IDENT_CHAR = /[\p{L}\p{N}_$ ]/u;

/** Identifier parts joined by single dashes (`-` not followed by `>`), as PostgREST's pFieldName. */
function identWithDashes(c: Cursor, isChar: (ch: string) => boolean): string {
  let out = '';
  for (;;) {
    const start = c.pos;
    while (!c.done && isChar(c.peek())) c.pos++;
    if (c.pos === start) {
      if (out === '') c.fail('field name (* or [a..z0..9_$])');
      c.pos = start - 1; // give back the dash: it was not followed by an identifier
      return out.slice(0, -1);
    }
    out += c.src.slice(start, c.pos);
    if (c.peek() === '-' && c.peek(1) !== '>') {
      c.pos++;
      out += '-';
      continue;
    }
    return out;
  }
}

/** `"quoted \" value"` with backslash escapes. */
export function quotedValue(c: Cursor): string {
  c.expect('"');
  let out = '';
  while (!c.done && c.peek() !== '"') {
    if (c.peek() === '\\') c.pos++;
    out += c.peek();
    c.pos++;
  }
  c.expect('"');
  return out;
}

export function fieldName(c: Cursor): string {
  if (c.peek() === '"') return quotedValue(c);
  return identWithDashes(c, (ch) => IDENT_CHAR.test(ch)).trim();
}

function jsonKey(c: Cursor): string {
  if (c.peek() === '"') return quotedValue(c);
  return identWithDashes(c, (ch) => !'(-:.,>)'.includes(ch)).trim();
}

/** Zero or more `->key` / `->>key` / `->0` steps. */
export function jsonPath(c: Cursor): JsonOp[] {
  const ops: JsonOp[] = [];
  for (;;) {
    let arrow: JsonOp['arrow'];
    if (c.eat('->>')) arrow = '->>';
    else if (c.eat('->')) arrow = '->';
    else return ops;
    const m = /^-?\d+(?=->|::|\.|,|\)|$)/.exec(c.src.slice(c.pos));
    if (m) {
      c.pos += m[0].length;
      ops.push({ arrow, key: m[0], index: true });
    } else {
      ops.push({ arrow, key: jsonKey(c), index: false });
    }
  }
}

export function field(c: Cursor): Field {
  c.skipSpaces();
  const name = fieldName(c);
  const json = jsonPath(c);
  c.skipSpaces();
  return { name, json };
}

/** Type names after `::`: letters, digits, `_`, `$` and spaces (e.g. `double precision`). */
export function castName(c: Cursor): string {
  const m = /^[A-Za-z0-9_$ ]+/.exec(c.src.slice(c.pos));
  if (!m) c.fail('letter or digit');
  c.pos += m[0].length;
  return m[0].trim();
}

/** Output key PostgREST gives a field: the last JSON key, else the column name. */
export function fieldLabel(f: Field): string {
  const last = f.json.at(-1);
  if (!last) return f.name;
  return last.index ? f.name : last.key;
}
