import { consumeAuthFragment, parseAuthFragment } from './auth-fragment';
import { forgetRememberPreference, isSessionExpiredByBrowserClose } from './remember-me';
import { fullNameOf, readStoredUser, type AuthUser } from './stored-session';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export interface AuthState {
  /** 'loading' only until the stored session has been read or supabase-js has answered. */
  status: AuthStatus;
  user: AuthUser | null;
  /** True once supabase-js itself confirmed the session (not just the stored copy). */
  confirmed: boolean;
}

type Listener = () => void;

/** What the server (pre-render) and hydration see: auth is unknown until the browser reads it. */
const SERVER_SNAPSHOT: AuthState = { status: 'loading', user: null, confirmed: false };

const listeners = new Set<Listener>();
let state: AuthState = initialState();
let connecting: Promise<void> | undefined;

function initialState(): AuthState {
  if (typeof window === 'undefined') return SERVER_SNAPSHOT;
  // A session arriving in the URL fragment is not known yet: guards must wait, not redirect.
  if (parseAuthFragment(window.location.hash)?.kind === 'tokens') return { status: 'loading', user: null, confirmed: false };
  const user = isSessionExpiredByBrowserClose() ? null : readStoredUser();
  return { status: user ? 'signed-in' : 'signed-out', user, confirmed: false };
}

function setState(next: AuthState) {
  if (
    next.status === state.status &&
    next.user?.id === state.user?.id &&
    next.user?.email === state.user?.email &&
    next.user?.fullName === state.user?.fullName &&
    next.confirmed === state.confirmed
  )
    return;
  state = next;
  for (const listener of listeners) listener();
}

function fromSupabaseUser(user: { id: string; email?: string | null; user_metadata?: { full_name?: unknown } } | null | undefined): AuthUser | null {
  return user ? { id: user.id, email: user.email ?? '', fullName: fullNameOf(user.user_metadata) } : null;
}

/**
 * Loads supabase-js (its own chunk) and follows its auth events from then on. Called once by the
 * first screen that needs auth; the landing page defers it until the browser is idle. Before it
 * reports a state it ends a session the user asked not to remember, and takes over a session
 * handed over in the URL fragment (see auth-fragment.ts).
 */
export function connectAuth(): Promise<void> {
  connecting ??= import('@/lib/supabase').then(async ({ supabase }) => {
    const client = supabase();
    client.auth.onAuthStateChange((_event, session) => {
      const user = fromSupabaseUser(session?.user);
      setState({ status: user ? 'signed-in' : 'signed-out', user, confirmed: true });
    });
    if (isSessionExpiredByBrowserClose()) {
      // 'Remember me' was unticked and the browser has been closed since: end that session.
      await client.auth.signOut({ scope: 'local' });
      forgetRememberPreference();
    }
    await consumeAuthFragment();
    const { data } = await client.auth.getSession();
    const user = fromSupabaseUser(data.session?.user);
    setState({ status: user ? 'signed-in' : 'signed-out', user, confirmed: true });
  });
  return connecting;
}

export const authStore = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): AuthState => state,
  getServerSnapshot: (): AuthState => SERVER_SNAPSHOT,
  /** Tests only: forget everything and re-read storage. */
  reset() {
    connecting = undefined;
    state = initialState();
    for (const listener of listeners) listener();
  },
};
