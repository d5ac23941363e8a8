import { useEffect, useRef, useState } from 'react';

/**
 * True once the element comes within `margin` of the viewport, and from then on. Lets a section
 * load its code and data (supabase-js included) only when the visitor is about to see it.
 * A section the address points at (`/#pricing`) or that takes the focus loads at once: the
 * visitor came for it, and it does not wait on the observer's first report.
 */
export function useNearViewport<T extends Element>(margin = '600px') {
  const ref = useRef<T>(null);
  // Starts false on the server and in the browser alike, so the pre-rendered page hydrates.
  const [near, setNear] = useState(false);

  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    const wanted = () => (el.id !== '' && window.location.hash === `#${el.id}`) || el.contains(document.activeElement);
    const show = () => setNear(true);
    // Without IntersectionObserver (old browsers, jsdom) everything simply loads.
    if (wanted() || typeof IntersectionObserver === 'undefined') {
      const timer = setTimeout(show);
      return () => clearTimeout(timer);
    }
    const io = new IntersectionObserver(([entry]) => entry?.isIntersecting && show(), { rootMargin: margin });
    io.observe(el);
    const onHash = () => wanted() && show();
    window.addEventListener('hashchange', onHash);
    el.addEventListener('focusin', show);
    return () => {
      io.disconnect();
      window.removeEventListener('hashchange', onHash);
      el.removeEventListener('focusin', show);
    };
  }, [margin, near]);

  return { ref, near };
}
