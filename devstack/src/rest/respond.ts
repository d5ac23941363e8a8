/** Writes PostgREST-shaped responses: status, Content-Range, Preference-Applied, body. */
import type { ServerResponse } from 'node:http';
import { pgrstError } from './errors.js';
import { contentType, type Accept } from './prefer.js';

export interface ResultRow {
  total: string | null;
  page: string;
  body: string | null;
  /** Rows an upsert inserted (writes only). */
  inserted?: number | string | null;
}

export function send(res: ServerResponse, status: number, headers: Record<string, string>, body?: string): void {
  const h: Record<string, string | number> = { ...headers };
  if (body !== undefined) h['Content-Length'] = Buffer.byteLength(body);
  else if (status !== 204) h['Content-Length'] = 0;
  res.writeHead(status, h);
  res.end(body);
}

/** `lower-upper/total`, `*` for an empty page, as PostgREST's contentRangeH. */
export function contentRange(lower: number, upper: number, total: number | null): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total ?? '*'}`;
}

/** The single object of a vnd.pgrst.object+json response, or PostgREST's 406. */
export function singular(body: string, rows: number): string {
  if (rows !== 1) {
    throw pgrstError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rows} rows`);
  }
  return body.slice(1, -1).trim();
}

/** Body in the negotiated media type; `rows` is the JSON array text Postgres produced. */
export function render(accept: Accept, body: string, rows: number): string {
  if (accept.media === 'object') return singular(body, rows);
  // text/csv bodies are rendered by Postgres already (wrapRead); anything else is JSON text.
  if (accept.media === 'csv' && body.startsWith('[')) return toCsv(JSON.parse(body) as Record<string, unknown>[]);
  return body;
}

function toCsv(rows: Record<string, unknown>[]): string {
  if (!rows.length) return '';
  const keys = Object.keys(rows[0]);
  const cell = (v: unknown) => {
    if (v === null || v === undefined) return '';
    const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
    return /[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  return [keys.join(','), ...rows.map((r) => keys.map((k) => cell(r[k])).join(','))].join('\n');
}

export function jsonHeaders(accept: Accept, extra: Record<string, string | undefined>): Record<string, string> {
  const h: Record<string, string> = { 'Content-Type': contentType(accept) };
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) h[k] = v;
  return h;
}
