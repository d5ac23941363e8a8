import fs from 'node:fs';
import path from 'node:path';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { THEME_STORAGE_KEY, ThemeProvider, useTheme } from './theme';

/** index.html's inline <head> script, run as the browser runs it before the first paint. */
function runHeadScript() {
  const html = fs.readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8');
  const script = /<head>[\s\S]*?<script>([\s\S]*?)<\/script>[\s\S]*?<\/head>/.exec(html)?.[1];
  expect(script, 'index.html applies the theme in its <head>').toBeTruthy();
  new Function(script!)();
}

function prefersDark(dark: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: dark && query.includes('dark'), media: query, addEventListener() {}, removeEventListener() {} }));
}

function Probe() {
  const { theme, resolvedTheme, setTheme } = useTheme();
  return (
    <button type="button" onClick={() => setTheme(theme === 'dark' ? 'system' : 'dark')}>
      {theme} {resolvedTheme}
    </button>
  );
}

const renderProbe = () =>
  render(
    <ThemeProvider>
      <Probe />
    </ThemeProvider>,
  );

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
});

describe('the theme', () => {
  it('is applied before the app runs: the kept choice, else the system setting', () => {
    prefersDark(true);
    runHeadScript();
    expect(document.documentElement).toHaveClass('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');

    document.documentElement.className = '';
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    runHeadScript();
    expect(document.documentElement).toHaveClass('light');
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('follows a choice, keeps it, and follows the system setting again on System', async () => {
    prefersDark(false);
    renderProbe();
    const button = screen.getByRole('button');
    expect(button).toHaveTextContent('system light');
    expect(document.documentElement).toHaveClass('light');
    await act(async () => button.click());
    expect(button).toHaveTextContent('dark dark');
    expect(document.documentElement).toHaveClass('dark');
    expect(document.documentElement).not.toHaveClass('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    await act(async () => button.click());
    expect(button).toHaveTextContent('system light');
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('takes a choice made in another tab', async () => {
    prefersDark(false);
    renderProbe();
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    await act(async () => window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: 'dark' })));
    expect(screen.getByRole('button')).toHaveTextContent('dark dark');
    expect(document.documentElement).toHaveClass('dark');
  });
});
