/** Small HTML helpers shared by the inbox pages and the auth e-mails. */

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

/** `html` tagged template: interpolated values are escaped unless wrapped with `raw()`. */
export class RawHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export function raw(value: string): RawHtml {
  return new RawHtml(value);
}

type HtmlValue = string | number | RawHtml | null | undefined | HtmlValue[];

function render(value: HtmlValue): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(render).join('');
  if (value instanceof RawHtml) return value.value;
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): RawHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return new RawHtml(out);
}
