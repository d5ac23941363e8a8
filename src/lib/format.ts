/** '2.35 MB' — MB as 1024 × 1024 bytes, two decimals (docs/spec.md §9); '— MB' when the size is unknown. */
export function formatMegabytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '— MB';
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

const rules = new Intl.PluralRules('en');

/** '1 credit', '3 credits': singular and plural by the language's rules (Intl.PluralRules). */
export function countOf(count: number, one: string, other: string): string {
  return `${count} ${rules.select(count) === 'one' ? one : other}`;
}
