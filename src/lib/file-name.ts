/**
 * A download's name from words a user gave (a product, a preset): lower case, letters and digits
 * joined by single hyphens, at most 40 characters, safe on every OS. '' when nothing is left.
 */
export function fileSlug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40);
}
