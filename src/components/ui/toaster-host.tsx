import { lazy, Suspense, useEffect, useState } from 'react';

// sonner (~9 KB gzip) is its own chunk: the landing page shows no toast while it loads.
const Toaster = lazy(() => import('./sonner').then((m) => ({ default: m.Toaster })));

/**
 * Mounts the app's toaster, once and for good: at once on any screen but the landing page
 * (`deferred`), and there when the browser is first idle. A toast raised before it mounts is not
 * lost: sonner shows its active toasts to a toaster that subscribes later.
 */
export function ToasterHost({ deferred }: { deferred: boolean }) {
  const [shown, setShown] = useState(!deferred);
  if (!deferred && !shown) setShown(true);
  useEffect(() => {
    if (shown) return;
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setShown(true), { timeout: 4000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => setShown(true), 2000);
    return () => window.clearTimeout(id);
  }, [shown]);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
