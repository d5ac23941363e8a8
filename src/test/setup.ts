import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { dropSupabaseClient } from '@/lib/supabase';
import { server } from './msw/server';

// jsdom has no matchMedia; the theme (lib/theme.tsx) and responsive hooks need it.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
// jsdom has no ResizeObserver; Radix popper (tooltips, menus) measures with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
// Radix Select opens on pointer events jsdom only half implements, and scrolls its chosen item into view.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.scrollIntoView ??= () => {};

// findBy*/waitFor default to 1 s, which a 2-core CI machine running suites side by side can miss
// (a studio's file checks decode in a microtask chain); 5 s still fails a truly missing element fast.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  cleanup();
  localStorage.clear();
  authStore.reset();
});
afterAll(async () => {
  // Screen test files share modules and the page (vitest.config.ts): the next file starts as a new
  // page would — signed out with a new client, no toast left in sonner's store (a toaster shows the
  // active ones when it mounts), an empty body, a bare <html>, the first URL, empty storage.
  toast.dismiss();
  await dropSupabaseClient();
  document.body.innerHTML = '';
  document.title = '';
  const root = document.documentElement;
  for (const attribute of [...root.attributes]) root.removeAttribute(attribute.name);
  window.history.replaceState(null, '', '/');
  sessionStorage.clear();
  server.close();
});
