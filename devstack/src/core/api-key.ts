import type { IncomingMessage } from 'node:http';
import type { DevstackConfig } from './types.js';

/** Kong's key-auth sits in front of these services only; storage, realtime, functions check JWTs themselves. */
const KEY_AUTH_PREFIXES = ['/rest/v1', '/auth/v1'];
/** GoTrue routes Kong leaves open because browsers reach them through links and redirects. */
const OPEN_AUTH_PATHS = ['/verify', '/callback', '/authorize'];

export type ApiKeyProblem = { status: 401; body: { message: string; hint: string } } | null;

/** A browser navigation (a link in an e-mail, a consent page) never carries an apikey. */
function isNavigation(req: IncomingMessage): boolean {
  if (req.method !== 'GET') return false;
  return req.headers['sec-fetch-mode'] === 'navigate' || String(req.headers.accept ?? '').includes('text/html');
}

/** Returns the 401 Kong would send for this request, or null when it may pass. */
export function checkApiKey(req: IncomingMessage, url: URL, config: DevstackConfig): ApiKeyProblem {
  // Kong's routes exist by path, whether or not anything answers behind them.
  const prefix = KEY_AUTH_PREFIXES.find((p) => url.pathname === p || url.pathname.startsWith(`${p}/`));
  if (!prefix) return null;
  const path = url.pathname.slice(prefix.length).replace(/\/+$/, '');
  if (prefix === '/auth/v1' && (OPEN_AUTH_PATHS.includes(path) || isNavigation(req))) return null;
  const header = req.headers.apikey;
  const key = (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get('apikey');
  if (!key) {
    return {
      status: 401,
      body: { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' },
    };
  }
  // Kong knows exactly two consumers' keys; any other string, even a valid JWT, is refused.
  if (key !== config.anonKey && key !== config.serviceRoleKey) {
    return {
      status: 401,
      body: { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' },
    };
  }
  return null;
}
