import type { Supabase } from '@/lib/supabase';
import { isAuthCallbackPath } from './callback-url';

/**
 * The auth fragment GoTrue appends after an e-mail link or a social sign-in
 * (`#access_token=…&refresh_token=…&type=signup`, or `#error=…&error_description=…`).
 * Parsing is pure; consuming it (set the session, clean the URL) happens once per page load.
 */
export type AuthFragment =
  | { kind: 'tokens'; accessToken: string; refreshToken: string; type: string | null }
  | { kind: 'error'; message: string };

export function parseAuthFragment(hash: string): AuthFragment | null {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!raw) return null;
  const params = new URLSearchParams(raw);
  const accessToken = params.get('access_token');
  const refreshToken = params.get('refresh_token');
  if (accessToken && refreshToken) return { kind: 'tokens', accessToken, refreshToken, type: params.get('type') };
  const error = params.get('error_description') || params.get('error');
  if (error) return { kind: 'error', message: error };
  // A fragment with one token but not the other is not ours to act on (SPEC.md §2: ignored).
  return null;
}

/** Cheap check used before any auth code is loaded (e.g. by the providers and the first paint). */
export function hasAuthFragment(hash: string): boolean {
  return parseAuthFragment(hash) !== null;
}

export type FragmentOutcome =
  | { kind: 'none' }
  | { kind: 'session'; email: string; type: string | null }
  | { kind: 'error'; message: string };

let outcome: Promise<FragmentOutcome> | undefined;

function cleanUrl() {
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
}

/**
 * Sets the session carried in this page's URL fragment (once; later calls get the same result)
 * and removes the fragment so tokens never linger in the address bar or history. Only the auth
 * callback routes take a session from the URL: on any other page the tokens are removed and
 * ignored, so a link cannot sign a visitor into an account that is not theirs (login CSRF).
 */
export function consumeAuthFragment(client: Supabase): Promise<FragmentOutcome> {
  outcome ??= (async (): Promise<FragmentOutcome> => {
    const fragment = parseAuthFragment(window.location.hash);
    if (!fragment) return { kind: 'none' };
    cleanUrl();
    if (fragment.kind === 'error') return fragment;
    if (!isAuthCallbackPath(window.location.pathname)) return { kind: 'none' };
    try {
      const { data, error } = await client.auth.setSession({ access_token: fragment.accessToken, refresh_token: fragment.refreshToken });
      if (error) return { kind: 'error', message: error.message };
      if (!data.session) return { kind: 'error', message: 'The sign-in link did not contain a valid session.' };
      return { kind: 'session', email: data.session.user.email ?? '', type: fragment.type };
    } catch (error) {
      return { kind: 'error', message: error instanceof Error ? error.message : 'The sign-in link could not be used.' };
    }
  })();
  return outcome;
}

/** What happened to this page's fragment; 'none' until (and unless) connectAuth consumed one. */
export function fragmentOutcome(): Promise<FragmentOutcome> {
  return outcome ?? Promise.resolve({ kind: 'none' });
}

/** Tests only. */
export function resetFragmentOutcome() {
  outcome = undefined;
}
