export const UNUSABLE_LINK = 'This link cannot sign you in. Sign in with your e-mail and password, or ask for a new link.';

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
  // A fragment with one token but not the other is not ours to act on (docs/spec.md §2: ignored).
  return null;
}

/** Cheap check used before any auth code is loaded (e.g. by the providers and the first paint). */
export function hasAuthFragment(hash: string): boolean {
  return parseAuthFragment(hash) !== null;
}

export type FragmentOutcome = { kind: 'none' } | { kind: 'error'; message: string };

let outcome: Promise<FragmentOutcome> | undefined;

function cleanUrl() {
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
}

/**
 * Reads this page's URL fragment once (later calls get the same result) and removes it, so tokens
 * never linger in the address bar or history. A session in the fragment is never taken: every link
 * the app asks for uses PKCE (a code only the browser that asked can use), so tokens in a URL can
 * only come from someone else, and taking them would sign the visitor into that person's account
 * (login CSRF) — the account a platform consent would then be stored under. They are reported as a
 * link that cannot be used. An error the auth server put there is reported as it is.
 */
export function consumeAuthFragment(): Promise<FragmentOutcome> {
  outcome ??= (async (): Promise<FragmentOutcome> => {
    const fragment = parseAuthFragment(window.location.hash);
    if (!fragment) return { kind: 'none' };
    cleanUrl();
    if (fragment.kind === 'error') return fragment;
    return { kind: 'error', message: UNUSABLE_LINK };
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
