import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

/**
 * Light, dark or the system's: the choice kept in localStorage, the resolved theme as a class
 * (`light` / `dark`) and `color-scheme` on <html>. Before any script of the app runs, the inline
 * script in index.html's <head> applies the kept choice (no light flash on a dark page, the
 * pre-rendered landing included); this provider keeps it applied as the choice or the system's
 * setting changes, and across tabs. (next-themes rendered its own inline <script> inside the React
 * tree, which React 19 reports on every client render.)
 */
export type Theme = 'light' | 'dark' | 'system';
export type ResolvedTheme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'shotcraft-theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

interface ThemeState {
  /** The user's choice. */
  theme: Theme;
  /** What is shown: the choice, or the system's setting for 'system'. */
  resolvedTheme: ResolvedTheme;
  setTheme: (theme: string) => void;
}

const ThemeContext = createContext<ThemeState | null>(null);

const isTheme = (v: unknown): v is Theme => v === 'light' || v === 'dark' || v === 'system';

function storedTheme(): Theme {
  try {
    const v = localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(v) ? v : 'system';
  } catch {
    return 'system';
  }
}

const systemIsDark = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;

function applyTheme(resolved: ResolvedTheme) {
  const root = document.documentElement;
  root.classList.remove(resolved === 'dark' ? 'light' : 'dark');
  root.classList.add(resolved);
  root.style.colorScheme = resolved;
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setChoice] = useState<Theme>(() => (typeof window === 'undefined' ? 'system' : storedTheme()));
  const [systemDark, setSystemDark] = useState(systemIsDark);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(DARK_QUERY);
    const changed = () => setSystemDark(query.matches);
    query.addEventListener?.('change', changed);
    return () => query.removeEventListener?.('change', changed);
  }, []);

  // Another tab chose a theme.
  useEffect(() => {
    const changed = (event: StorageEvent) => {
      if (event.key === THEME_STORAGE_KEY || event.key === null) setChoice(storedTheme());
    };
    window.addEventListener('storage', changed);
    return () => window.removeEventListener('storage', changed);
  }, []);

  const resolvedTheme: ResolvedTheme = theme === 'system' ? (systemDark ? 'dark' : 'light') : theme;
  useEffect(() => applyTheme(resolvedTheme), [resolvedTheme]);

  const setTheme = useCallback((next: string) => {
    if (!isTheme(next)) return;
    setChoice(next);
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Private mode without storage: the choice holds for this page.
    }
  }, []);

  const value = useMemo(() => ({ theme, resolvedTheme, setTheme }), [theme, resolvedTheme, setTheme]);
  return <ThemeContext value={value}>{children}</ThemeContext>;
}

/** Outside a provider (a component rendered on its own): the system's setting, and no way to change it. */
const NO_PROVIDER: ThemeState = { theme: 'system', resolvedTheme: 'light', setTheme: () => {} };

export function useTheme(): ThemeState {
  return useContext(ThemeContext) ?? NO_PROVIDER;
}
