/**
 * The `select=` grammar: columns, `*`, `alias:col`, `col::cast`, JSON paths, aggregates
 * (`count()`, `col.sum()`), and embedded resources `alias:rel!hint!inner(…)` / `...rel(…)`.
 */
import { Cursor, castName, field, fieldName, type Field } from './parse-util.js';

export type Aggregate = 'count' | 'sum' | 'avg' | 'max' | 'min';

export interface SelectField {
  kind: 'field';
  field: Field;
  alias?: string;
  cast?: string;
  aggregate?: Aggregate;
  aggregateCast?: string;
}

export interface SelectEmbed {
  kind: 'embed';
  name: string;
  alias?: string;
  hint?: string;
  inner: boolean;
  spread: boolean;
  children: SelectItem[];
}

export type SelectItem = SelectField | SelectEmbed;

export function parseSelect(src: string): SelectItem[] {
  const c = new Cursor(src, 'select parameter');
  const items = forest(c);
  if (!c.done) c.fail('",", ")" or end of input');
  return items;
}

function forest(c: Cursor): SelectItem[] {
  const items: SelectItem[] = [];
  c.skipSpaces();
  if (c.done || c.peek() === ')') return items;
  for (;;) {
    items.push(item(c));
    c.skipSpaces();
    if (!c.eat(',')) return items;
    c.skipSpaces();
  }
}

function item(c: Cursor): SelectItem {
  const start = c.pos;
  c.skipSpaces();
  if (c.eat('...')) return embedRest(c, fieldName(c), undefined, true);
  if (c.eat('*')) {
    endOfItem(c);
    return { kind: 'field', field: { name: '*', json: [] } };
  }
  const alias = tryAlias(c);
  if (c.startsWith('count()')) {
    c.pos += 'count()'.length;
    const aggregateCast = c.eat('::') ? castName(c) : undefined;
    endOfItem(c);
    return { kind: 'field', field: { name: '*', json: [] }, alias, aggregate: 'count', aggregateCast };
  }
  // An embed is a bare name followed by `!hint`/`!inner` and `(`; anything else is a field.
  const save = c.pos;
  const name = fieldName(c);
  if (name !== 'count' && (c.peek() === '!' || c.peek() === '(')) return embedRest(c, name, alias, false);
  c.pos = save;
  const f = field(c);
  const cast = c.eat('::') ? castName(c) : undefined;
  let aggregate: Aggregate | undefined;
  const agg = /^\.(sum|avg|count|max|min)\(\)/.exec(c.src.slice(c.pos));
  if (agg) {
    aggregate = agg[1] as Aggregate;
    c.pos += agg[0].length;
  }
  const aggregateCast = aggregate && c.eat('::') ? castName(c) : undefined;
  endOfItem(c);
  if (c.pos === start) c.fail('field name (* or [a..z0..9_$])');
  return { kind: 'field', field: f, alias, cast, aggregate, aggregateCast };
}

function tryAlias(c: Cursor): string | undefined {
  const save = c.pos;
  try {
    const name = fieldName(c);
    if (c.peek() === ':' && c.peek(1) !== ':') {
      c.pos++;
      return name;
    }
  } catch {
    // not an alias; the caller parses the item from the start
  }
  c.pos = save;
  return undefined;
}

function embedRest(c: Cursor, name: string, alias: string | undefined, spread: boolean): SelectEmbed {
  let hint: string | undefined;
  let inner = false;
  for (let i = 0; i < 2 && c.eat('!'); i++) {
    if (c.startsWith('inner') && /[!(]/.test(c.peek(5))) {
      c.pos += 5;
      inner = true;
    } else if (c.startsWith('left') && /[!(]/.test(c.peek(4))) {
      c.pos += 4;
    } else {
      hint = fieldName(c);
    }
  }
  c.expect('(');
  const children = forest(c);
  c.expect(')', '")"');
  c.skipSpaces();
  return { kind: 'embed', name, alias, hint, inner, spread, children };
}

function endOfItem(c: Cursor): void {
  c.skipSpaces();
  if (!c.done && c.peek() !== ',' && c.peek() !== ')') c.fail('"->>", "->", "::", ".", ")", "," or end of input');
}
