/** Smooth-scrolls to a section (instantly for visitors who prefer less motion) and moves focus there. */
export function scrollToSection(id: string): void {
  const el = document.getElementById(id);
  if (!el) return;
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  el.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  el.focus({ preventScroll: true });
  if (window.location.hash !== `#${id}`) history.replaceState(null, '', id === 'home' ? window.location.pathname : `#${id}`);
}
