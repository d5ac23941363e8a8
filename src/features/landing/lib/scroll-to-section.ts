/** How far (px) the section may end from its resting place before the scroll is corrected. */
const TOLERANCE = 2;
/** Corrections after the first scroll; each one follows a settled scroll. */
const MAX_CORRECTIONS = 3;
/** Without the `scrollend` event (Safari), a scroll is taken as settled after this long. */
const SETTLE_FALLBACK_MS = 900;

type Behavior = 'auto' | 'smooth';

/** Calls back once the page's scroll has settled; returns a cancel function. */
function onceSettled(callback: () => void): () => void {
  const cancel = () => {
    window.removeEventListener('scrollend', run);
    window.clearTimeout(timer);
  };
  function run() {
    cancel();
    callback();
  }
  const timer = window.setTimeout(run, SETTLE_FALLBACK_MS);
  if ('onscrollend' in window) window.addEventListener('scrollend', run, { once: true });
  return cancel;
}

/** True when the section sits where `scrollIntoView` puts it, or the page cannot scroll further. */
function isAtRest(el: Element): boolean {
  const margin = Number.parseFloat(getComputedStyle(el).scrollMarginTop) || 0;
  const offset = el.getBoundingClientRect().top - margin;
  if (Math.abs(offset) <= TOLERANCE) return true;
  const maxScroll = document.documentElement.scrollHeight - window.innerHeight;
  return offset > 0 && window.scrollY >= maxScroll - TOLERANCE;
}

let cancelPending: (() => void) | undefined;

/**
 * Smooth-scrolls to a section (instantly for visitors who prefer less motion) and moves focus
 * there. Sections above it may still be arriving (the carousel and pricing load as they come near)
 * and change height during the scroll; once the scroll settles, it lands on the section again if
 * it moved. A new call replaces a pending correction.
 */
export function scrollToSection(id: string): void {
  const el = document.getElementById(id);
  if (!el) return;
  const behavior: Behavior = window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
  cancelPending?.();
  el.scrollIntoView({ behavior, block: 'start' });
  el.focus({ preventScroll: true });
  if (window.location.hash !== `#${id}`) history.replaceState(null, '', id === 'home' ? window.location.pathname : `#${id}`);

  let corrections = 0;
  const check = () => {
    cancelPending = undefined;
    if (isAtRest(el) || corrections++ >= MAX_CORRECTIONS) return;
    el.scrollIntoView({ behavior, block: 'start' });
    cancelPending = onceSettled(check);
  };
  cancelPending = onceSettled(check);
}
