import { useEffect, useSyncExternalStore } from 'react';
import { parseAuthFragment } from './auth-fragment';
import { authStore, connectAuth, type AuthState } from './auth-store';
import { AUTH_STORAGE_KEY, readStoredUser } from './stored-session';

export type { AuthState, AuthStatus } from './auth-store';
export type { AuthUser } from './stored-session';

/**
 * The signed-in user, from supabase-js's session and its auth-change events. `defer` lets the
 * landing page paint first: it loads the auth client when the browser is idle, and only when
 * there is a session to confirm. A first-time visitor (nothing stored, no session in the URL)
 * never downloads it there; a sign-in in another tab still arrives through the storage event.
 */
export function useAuth({ defer = false }: { defer?: boolean } = {}): AuthState {
  const state = useSyncExternalStore(authStore.subscribe, authStore.getSnapshot, authStore.getServerSnapshot);

  useEffect(() => {
    if (!defer) {
      void connectAuth();
      return;
    }
    if (!readStoredUser() && !parseAuthFragment(window.location.hash)) {
      const onStorage = (event: StorageEvent) => {
        if (event.key === AUTH_STORAGE_KEY && event.newValue) void connectAuth();
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    }
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 200));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => void connectAuth());
    return () => cancel(handle);
  }, [defer]);

  return state;
}
