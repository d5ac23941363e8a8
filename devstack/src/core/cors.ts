import type { IncomingMessage, ServerResponse } from 'node:http';

/** What supabase-js, storage-js (uploads) and realtime-js send, plus Kong's echo of the rest. */
const ALLOW_HEADERS = [
  'authorization', 'apikey', 'content-type', 'x-client-info', 'prefer', 'range', 'accept',
  'accept-profile', 'content-profile', 'x-upsert', 'cache-control', 'x-supabase-api-version',
];
const ALLOW_METHODS = 'GET, HEAD, PUT, PATCH, POST, DELETE, OPTIONS';
const EXPOSE_HEADERS = [
  'Content-Range', 'Content-Length', 'Content-Type', 'Content-Encoding', 'Content-Location', 'Date',
  'Location', 'Range-Unit', 'ETag', 'Last-Modified', 'Preference-Applied', 'X-Supabase-Api-Version',
].join(', ');

/** Headers every gateway response carries, as Kong's cors plugin (origins `*`) adds them. */
export function setCorsHeaders(res: ServerResponse): void {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', EXPOSE_HEADERS);
}

/** Answers a preflight: allow every method the services implement and every header asked for. */
export function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  const requested = String(req.headers['access-control-request-headers'] ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  const headers = [...new Set([...ALLOW_HEADERS, ...requested])].join(', ');
  setCorsHeaders(res);
  res.writeHead(200, {
    'Access-Control-Allow-Methods': ALLOW_METHODS,
    'Access-Control-Allow-Headers': headers,
    'Access-Control-Max-Age': '3600',
    'Content-Length': '0',
  });
  res.end();
}
