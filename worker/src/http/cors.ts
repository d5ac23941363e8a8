import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * CORS for the studio calling the worker straight from the app origin. Patterns are exact
 * origins, origins with `:*` (any port, or none), or a lone `*`.
 */
export function originMatcher(patterns: string[]): (origin: string) => boolean {
  if (patterns.includes('*')) return () => true;
  const regexes = patterns.map((p) => {
    const escaped = p.replace(/\/+$/, '').replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`^${escaped.replace(/:\*$/, '(:\\d{1,5})?')}$`);
  });
  return (origin) => regexes.some((r) => r.test(origin));
}

export function applyCors(req: IncomingMessage, res: ServerResponse, allowed: (origin: string) => boolean): void {
  const origin = req.headers.origin;
  res.setHeader('Vary', 'Origin');
  if (!origin || !allowed(origin)) return;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Access-Control-Expose-Headers', 'Server-Timing, X-Previews-Remaining');
  res.setHeader('Timing-Allow-Origin', origin);
  if (req.method === 'OPTIONS') {
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', 'authorization, content-type, x-client-info, apikey');
    res.setHeader('Access-Control-Max-Age', '600');
  }
}
