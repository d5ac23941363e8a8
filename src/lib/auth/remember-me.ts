/**
 * 'Remember me' with one supabase-js client: the session always lives in localStorage (one
 * storage key for every tab), so an unticked box is kept as a flag there plus a *session cookie*
 * that the browser drops when it closes. Next visit without the cookie → the session is signed
 * out locally. A session cookie (not sessionStorage) so that new tabs of the same browser
 * session stay signed in. Browsers set to "continue where you left off" may keep session
 * cookies; then the session lasts until an explicit sign-out, like a remembered one.
 */
export const REMEMBER_KEY = 'shotcraft-remember-me';
export const ALIVE_COOKIE = 'shotcraft-session-alive';

interface RememberEnv {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  cookies: { read(): string; write(cookie: string): void };
}

function browserEnv(): RememberEnv | null {
  if (typeof window === 'undefined' || typeof document === 'undefined') return null;
  return {
    storage: window.localStorage,
    cookies: { read: () => document.cookie, write: (cookie) => (document.cookie = cookie) },
  };
}

/** Called after a password sign-in with the checkbox value. */
export function rememberSession(remember: boolean, env: RememberEnv | null = browserEnv()) {
  if (!env) return;
  if (remember) {
    env.storage.removeItem(REMEMBER_KEY);
    return;
  }
  env.storage.setItem(REMEMBER_KEY, 'false');
  env.cookies.write(`${ALIVE_COOKIE}=1; path=/; SameSite=Lax`);
}

/** True when the user asked not to be remembered and the browser has been closed since. */
export function isSessionExpiredByBrowserClose(env: RememberEnv | null = browserEnv()): boolean {
  if (!env) return false;
  try {
    if (env.storage.getItem(REMEMBER_KEY) !== 'false') return false;
    return !env.cookies.read().split(/;\s*/).some((pair) => pair === `${ALIVE_COOKIE}=1`);
  } catch {
    return false;
  }
}

export function forgetRememberPreference(env: RememberEnv | null = browserEnv()) {
  env?.storage.removeItem(REMEMBER_KEY);
}
