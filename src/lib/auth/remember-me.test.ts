import { describe, expect, it } from 'vitest';
import { forgetRememberPreference, isSessionExpiredByBrowserClose, rememberSession } from './remember-me';

function fakeBrowser() {
  const store = new Map<string, string>();
  let cookies: string[] = [];
  return {
    env: {
      storage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) },
      cookies: { read: () => cookies.join('; '), write: (c: string) => void cookies.push(c.split(';')[0]!) },
    },
    closeBrowser: () => (cookies = []),
  };
}

describe('remember me', () => {
  it('keeps a remembered session across browser restarts', () => {
    const browser = fakeBrowser();
    rememberSession(true, browser.env);
    browser.closeBrowser();
    expect(isSessionExpiredByBrowserClose(browser.env)).toBe(false);
  });

  it('keeps an unremembered session while the browser stays open, and ends it after a restart', () => {
    const browser = fakeBrowser();
    rememberSession(false, browser.env);
    expect(isSessionExpiredByBrowserClose(browser.env)).toBe(false);
    browser.closeBrowser();
    expect(isSessionExpiredByBrowserClose(browser.env)).toBe(true);
    forgetRememberPreference(browser.env);
    expect(isSessionExpiredByBrowserClose(browser.env)).toBe(false);
  });
});
