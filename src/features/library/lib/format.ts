/** Size in MB as the library shows it (1024 × 1024 bytes, SPEC.md §9). */
export function formatMegabytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '— MB';
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

export function formatDate(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? '' : dateFormat.format(t);
}
