/** Request headers that shape a PostgREST response: Prefer, Range and Accept. */
import { pgrstError } from './errors.js';

export interface Preferences {
  return?: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  params?: 'single-object';
  tx?: 'commit' | 'rollback';
  handling?: 'strict' | 'lenient';
  maxAffected?: number;
}

const KNOWN: Record<string, string[]> = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  params: ['single-object'],
  tx: ['commit', 'rollback'],
  handling: ['strict', 'lenient'],
};

export function parsePrefer(header: string | undefined): Preferences {
  const prefs: Preferences = {};
  if (!header) return prefs;
  const invalid: string[] = [];
  for (const raw of header.split(',')) {
    const item = raw.trim();
    if (!item) continue;
    const [key, value = ''] = item.split('=').map((s) => s.trim());
    if (key === 'max-affected' && /^\d+$/.test(value)) prefs.maxAffected = Number(value);
    else if (KNOWN[key]?.includes(value)) (prefs as Record<string, string>)[key] = value;
    else invalid.push(item);
  }
  if (prefs.handling === 'strict' && invalid.length) {
    throw pgrstError(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${invalid.join(', ')}`);
  }
  return prefs;
}

/** The `Preference-Applied` header in PostgREST's order, listing only what was honoured. */
export function preferenceApplied(p: Preferences, honoured: (keyof Preferences)[]): string | undefined {
  const order: (keyof Preferences)[] = ['resolution', 'return', 'params', 'count', 'tx', 'missing', 'handling', 'maxAffected'];
  const parts = order
    .filter((k) => honoured.includes(k) && p[k] !== undefined)
    .map((k) => (k === 'maxAffected' ? `max-affected=${p[k]}` : `${k}=${p[k]}`));
  return parts.length ? parts.join(', ') : undefined;
}

/** `Range: 0-9` → offset/limit; a malformed header is ignored like PostgREST does. */
export function parseRange(header: string | undefined): { offset: number; limit?: number } | undefined {
  if (!header) return undefined;
  const m = /^(?:items=)?(\d+)-(\d*)$/.exec(header.trim());
  if (!m) return undefined;
  const lower = Number(m[1]);
  if (m[2] === '') return { offset: lower };
  const upper = Number(m[2]);
  if (lower > upper) {
    throw pgrstError(416, 'PGRST103', 'Requested range not satisfiable',
      'The lower boundary must be lower than or equal to the upper boundary in the Range header.');
  }
  return { offset: lower, limit: upper - lower + 1 };
}

export type MediaType = 'json' | 'object' | 'csv' | 'plan';

export interface Accept {
  media: MediaType;
  stripNulls: boolean;
  /** `application/vnd.pgrst.plan[+json|+text]; for="…"; options=analyze|verbose|…`. */
  plan?: { format: 'json' | 'text'; for: string; options: string[] };
}

const PLAN_OPTIONS = new Set(['analyze', 'verbose', 'settings', 'buffers', 'wal']);

/** Picks the first acceptable media type; anything we cannot produce is a 406 PGRST107. */
export function parseAccept(header: string | undefined): Accept {
  if (!header) return { media: 'json', stripNulls: false };
  for (const raw of header.split(',')) {
    const [type, ...params] = raw.split(';').map((s) => s.trim().toLowerCase());
    const stripNulls = params.includes('nulls=stripped');
    if (type === 'application/json' || type === '*/*' || type === 'application/*') return { media: 'json', stripNulls: false };
    if (type === 'application/vnd.pgrst.array+json') return { media: 'json', stripNulls };
    if (type === 'application/vnd.pgrst.object+json') return { media: 'object', stripNulls };
    if (type === 'application/vnd.pgrst.object') return { media: 'object', stripNulls };
    if (type === 'text/csv') return { media: 'csv', stripNulls: false };
    const plan = /^application\/vnd\.pgrst\.plan(?:\+(json|text))?$/.exec(type);
    if (plan) {
      const param = (k: string) => params.find((x) => x.startsWith(`${k}=`))?.slice(k.length + 1).replace(/^"|"$/g, '');
      const options = (param('options') ?? '').split('|').filter((o) => PLAN_OPTIONS.has(o));
      return { media: 'plan', stripNulls: false, plan: { format: plan[1] === 'json' ? 'json' : 'text', for: param('for') ?? 'application/json', options } };
    }
  }
  throw pgrstError(406, 'PGRST107', `None of these media types are available: ${header.split(',').map((s) => s.trim()).join(', ')}`);
}

export function contentType(a: Accept): string {
  if (a.media === 'csv') return 'text/csv; charset=utf-8';
  if (a.plan) return `application/vnd.pgrst.plan+${a.plan.format}; for="${a.plan.for}"; charset=utf-8`;
  if (a.media === 'object') return `application/vnd.pgrst.object+json${a.stripNulls ? '; nulls=stripped' : ''}; charset=utf-8`;
  if (a.stripNulls) return 'application/vnd.pgrst.array+json; nulls=stripped; charset=utf-8';
  return 'application/json; charset=utf-8';
}
