/** `order=a.desc.nullslast,data->x.asc,rel(col).desc` */
import { Cursor, field, fieldName, type Field } from './parse-util.js';

export interface OrderTerm {
  field: Field;
  /** `rel(col)`: order by a column of a to-one embedded resource. */
  relation?: string;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

export function parseOrder(src: string): OrderTerm[] {
  const c = new Cursor(src, 'order');
  const terms: OrderTerm[] = [];
  for (;;) {
    c.skipSpaces();
    terms.push(term(c));
    c.skipSpaces();
    if (c.done) return terms;
    c.expect(',', 'delimiter (.), "," or end of input');
  }
}

function term(c: Cursor): OrderTerm {
  let relation: string | undefined;
  const save = c.pos;
  const name = fieldName(c);
  let f: Field;
  if (c.eat('(')) {
    relation = name;
    f = field(c);
    c.expect(')');
  } else {
    c.pos = save;
    f = field(c);
  }
  const t: OrderTerm = { field: f, relation };
  if (c.eat('.asc')) t.direction = 'asc';
  else if (c.eat('.desc')) t.direction = 'desc';
  if (c.eat('.nullsfirst')) t.nulls = 'first';
  else if (c.eat('.nullslast')) t.nulls = 'last';
  if (!c.done && c.peek() !== ',') {
    if (c.peek() === '.') {
      c.pos++;
      c.fail(t.direction ? '"nullsfirst" or "nullslast"' : '"asc", "desc", "nullsfirst" or "nullslast"');
    }
    c.fail('"," or end of input');
  }
  return t;
}
