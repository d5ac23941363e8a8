/**
 * Reads the session supabase-js persisted, without loading supabase-js. The landing page uses it
 * to choose 'Get Started' or 'Dashboard' on first paint; the real client confirms it later.
 */
export const AUTH_STORAGE_KEY = 'shotcraft-auth';

export interface AuthUser {
  id: string;
  email: string;
  /** The name given at sign-up (user metadata full_name), when there is one. */
  fullName?: string;
}

interface StoredSession {
  refresh_token?: unknown;
  user?: { id?: unknown; email?: unknown; user_metadata?: { full_name?: unknown } };
}

/** The sign-up name from a user's metadata, trimmed; undefined when blank or missing. */
export function fullNameOf(metadata: { full_name?: unknown } | null | undefined): string | undefined {
  const name = typeof metadata?.full_name === 'string' ? metadata.full_name.trim() : '';
  return name || undefined;
}

export function readStoredUser(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): AuthUser | null {
  try {
    const raw = storage?.getItem(AUTH_STORAGE_KEY);
    if (!raw) return null;
    const session = JSON.parse(raw) as StoredSession;
    // An expired access token is fine: supabase-js refreshes it with the refresh token.
    if (typeof session.refresh_token !== 'string' || typeof session.user?.id !== 'string') return null;
    return { id: session.user.id, email: typeof session.user.email === 'string' ? session.user.email : '', fullName: fullNameOf(session.user.user_metadata) };
  } catch {
    // A corrupt entry is the same as no session: supabase-js will clear it.
    return null;
  }
}
