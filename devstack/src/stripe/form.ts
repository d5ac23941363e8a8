/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` with bracketed keys, as the
 * official SDKs send it (`line_items[0][price_data][currency]=usd`, `expand[]=payments`,
 * `metadata[user_id]=…`). Objects whose keys are all indices become arrays.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

const KEY = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;

/** `a[b][0][]` → ['a', 'b', '0', ''] (an empty segment appends). Null for a malformed key. */
export function keyPath(key: string): string[] | null {
  const m = KEY.exec(key);
  if (!m) return null;
  const rest = [...(m[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1] ?? '');
  return [m[1]!, ...rest];
}

function arrayify(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return Array.isArray(value) ? value.map(arrayify) : value;
  const keys = Object.keys(value);
  const out: FormObject = {};
  for (const k of keys) out[k] = arrayify(value[k]!);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => out[k]!);
  }
  return out;
}

export function parseForm(params: URLSearchParams): FormObject {
  const root: FormObject = {};
  for (const [key, value] of params) {
    const path = keyPath(key);
    if (!path) continue;
    let node: FormObject = root;
    for (let i = 0; i < path.length; i++) {
      let seg = path[i]!;
      const last = i === path.length - 1;
      if (seg === '') seg = String(Object.keys(node).length);
      if (last) {
        node[seg] = value;
      } else {
        const next = node[seg];
        if (typeof next !== 'object' || next === null || Array.isArray(next)) node[seg] = {};
        node = node[seg] as FormObject;
      }
    }
  }
  return arrayify(root) as FormObject;
}

/** A string field, or undefined. */
export const str = (v: FormValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
/** A sub-object, or {}. */
export const obj = (v: FormValue | undefined): FormObject => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});
/** A list (an array, or a single value as a one-item list). */
export const list = (v: FormValue | undefined): FormValue[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);
/** Metadata: string values only, as Stripe stores it. */
export function metadata(v: FormValue | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(obj(v))) if (typeof val === 'string' && val !== '') out[k] = val;
  return out;
}
