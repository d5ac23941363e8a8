import { useEffect, useSyncExternalStore } from 'react';
import { authStore, connectAuth, type AuthState } from './auth-store';

export type { AuthState, AuthStatus } from './auth-store';
export type { AuthUser } from './stored-session';

/**
 * The signed-in user, from supabase-js's session and its auth-change events. `defer` lets the
 * landing page paint first and load the auth client when the browser is idle.
 */
export function useAuth({ defer = false }: { defer?: boolean } = {}): AuthState {
  const state = useSyncExternalStore(authStore.subscribe, authStore.getSnapshot, authStore.getServerSnapshot);

  useEffect(() => {
    if (!defer) {
      void connectAuth();
      return;
    }
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 200));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => void connectAuth());
    return () => cancel(handle);
  }, [defer]);

  return state;
}
