/**
 * WCAG 2.5.3 Label in Name, read as axe-core's `label-content-name-mismatch` reads it: the words an
 * element shows (its text nodes joined as they stand in the DOM, without what only screen readers
 * get) must appear, in order and together, in its accessible name. A voice-control user says what
 * they see. axe cannot tell what jsdom shows, so component tests check it with this.
 */
export function wordsOf(text: string): string[] {
  let plain = text.normalize('NFKD');
  for (let before = ''; before !== plain; ) [before, plain] = [plain, plain.replace(/\([^()]*\)/g, '')];
  return plain
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/** The text an element shows: every text node in DOM order, nothing between them, `.sr-only` left out. */
export function shownText(element: Element): string {
  return [...element.childNodes]
    .map((node) => (node.nodeType === Node.TEXT_NODE ? (node.nodeValue ?? '') : node instanceof Element && !node.classList.contains('sr-only') ? shownText(node) : ''))
    .join('');
}

/** True when the shown words are a run of the name's words (an element showing no words passes). */
export function nameHoldsShownText(name: string, element: Element): boolean {
  const shown = wordsOf(shownText(element));
  const named = wordsOf(name);
  return shown.length === 0 || named.some((_, i) => shown.every((word, j) => named[i + j] === word));
}
