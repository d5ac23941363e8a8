/** '2.35 MB' — MB as 1024 × 1024 bytes, two decimals (SPEC.md §9); '— MB' when the size is unknown. */
export function formatMegabytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '— MB';
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}
