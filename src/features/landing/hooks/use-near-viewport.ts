import { useEffect, useRef, useState } from 'react';

/**
 * True once the element comes within `margin` of the viewport, and from then on. Lets a section
 * load its code and data (supabase-js included) only when the visitor is about to see it.
 */
export function useNearViewport<T extends Element>(margin = '600px') {
  const ref = useRef<T>(null);
  // Starts false on the server and in the browser alike, so the pre-rendered page hydrates.
  const [near, setNear] = useState(false);

  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    // Without IntersectionObserver (old browsers, jsdom) everything simply loads.
    if (typeof IntersectionObserver === 'undefined') {
      const timer = setTimeout(() => setNear(true));
      return () => clearTimeout(timer);
    }
    const io = new IntersectionObserver(([entry]) => entry?.isIntersecting && setNear(true), { rootMargin: margin });
    io.observe(el);
    return () => io.disconnect();
  }, [margin, near]);

  return { ref, near };
}
